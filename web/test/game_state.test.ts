import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEvent, bothHaveMoved, isMyTurn, plyView } from '../src/game_state.js';
import { type GameState, type VersionedEvent, parseServerMessage } from '../src/protocol.js';
import { AfterE4, AfterE4E5, joinEvent, moveEvent, sampleState } from './fakes.js';

function event(x: unknown): VersionedEvent {
    const msg = parseServerMessage(JSON.stringify(x));
    assert.ok(msg && 'v' in msg, 'a valid versioned event');
    return msg;
}

function initial(): GameState {
    const s = applyEvent(null, event({ v: 1, t: 'state', d: sampleState() }));
    assert.ok(s);
    return s;
}

test('game state: a move appends the record with the mover clock and the position', () => {
    const s = applyEvent(initial(), event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)));
    assert.ok(s);
    assert.equal(s.ply, 1);
    assert.equal(s.turn, 'black');
    assert.equal(s.version, 2);
    assert.deepEqual(s.moves, [{ uci: 'e2e4', san: 'e4', clock: 299000, fen: AfterE4 }]);
    assert.equal(s.clock?.running, 'black');
    assert.equal(isMyTurn(s), false);
    assert.equal(bothHaveMoved(s), false);
    const s2 = applyEvent(s, event(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2)));
    assert.ok(s2);
    assert.equal(bothHaveMoved(s2), true);
    assert.equal(isMyTurn(s2), true);
});

test('game state: offers, joins and the end', () => {
    let s = applyEvent(initial(), event({ v: 2, t: 'offer', d: { kind: 'draw', by: 'black' } }));
    assert.equal(s?.offers.draw, 'black');
    s = applyEvent(s, event(joinEvent(3)));
    assert.equal(s?.players.black.joined, true);
    assert.equal(s?.status, 'started');
    assert.deepEqual(s?.dests, { e2: ['e3', 'e4'] });
    assert.deepEqual(s?.firstMove, { color: 'white', left: 30000 });
    s = applyEvent(s, event({ v: 4, t: 'end', d: { status: 'over', result: { result: '1/2-1/2', reason: 'agreement', article: '9.1.2', text: 'Remis vereinbart (Art. 9.1.2)' } } }));
    assert.equal(s?.status, 'over');
    assert.equal(s?.dests, null);
    assert.equal(s?.result?.text, 'Remis vereinbart (Art. 9.1.2)');
});

test('game state: the position of an earlier ply', () => {
    let s = applyEvent(initial(), event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)));
    s = applyEvent(s, event(moveEvent(3, 'e7e5', 'e5+', AfterE4E5, 2)));
    assert.ok(s);
    assert.deepEqual(plyView(s, 0), { fen: s.initialFen, lastMove: null, check: false });
    assert.deepEqual(plyView(s, 1), { fen: AfterE4, lastMove: ['e2', 'e4'], check: false });
    assert.deepEqual(plyView(s, 2), { fen: AfterE4E5, lastMove: ['e7', 'e5'], check: true });
});
