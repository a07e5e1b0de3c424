import assert from 'node:assert/strict';
import { test } from 'node:test';
import { route } from '../src/routes.js';

test('routes: start page, game, invitation, spectators, unknown paths', () => {
    assert.deepEqual(route('/', ''), { page: 'home' });
    assert.deepEqual(route('/game/aB3dE5gH', ''), { page: 'game', id: 'aB3dE5gH', invite: null, learn: false });
    assert.deepEqual(route('/game/aB3dE5gH', '?learn'), { page: 'game', id: 'aB3dE5gH', invite: null, learn: true });
    assert.deepEqual(route('/game/aB3dE5gH', '?invite=tok_en-1'), { page: 'game', id: 'aB3dE5gH', invite: 'tok_en-1', learn: false });
    assert.deepEqual(route('/watch/aB3dE5gH/', ''), { page: 'watch', id: 'aB3dE5gH' });
    assert.deepEqual(route('/regeln', ''), { page: 'rules', lang: 'de' });
    assert.deepEqual(route('/rules/', ''), { page: 'rules', lang: 'en' });
    for (const path of ['/game/', '/game/short', '/game/aB3dE5gH/x', '/watch/ab3de5g!', '/games', '/api/v1/games', '/rules/x', '/regel'])
        assert.deepEqual(route(path, ''), { page: 'missing' }, path);
});

test('routes: the tool pages (the clock under its German and English name)', () => {
    assert.deepEqual(route('/chess960', ''), { page: 'chess960' });
    assert.deepEqual(route('/uhr', ''), { page: 'clock' });
    assert.deepEqual(route('/clock/', ''), { page: 'clock' });
    assert.deepEqual(route('/pgn', ''), { page: 'pgn' });
    assert.deepEqual(route('/pgn/x', ''), { page: 'missing' });
    assert.deepEqual(route('/analyse', '?fen=x'), { page: 'analysis' });
    assert.deepEqual(route('/analysis/', ''), { page: 'analysis' });
    assert.deepEqual(route('/analyze', ''), { page: 'missing' });
});
