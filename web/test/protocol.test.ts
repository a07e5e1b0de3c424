import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeCreateGameResponse, decodeGameList, parseServerMessage } from '../src/protocol.js';
import { AfterE4, joinEvent, moveEvent, sampleState } from './fakes.js';

const json = (x: unknown) => JSON.stringify(x);

test('validator: accepts the messages of the protocol', () => {
    const state = parseServerMessage(json({ v: 1, t: 'state', d: sampleState() }));
    assert.equal(state?.t, 'state');
    assert.equal(parseServerMessage(json(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)))?.t, 'move');
    assert.deepEqual(parseServerMessage(json({ t: 'ack', d: 7 })), { t: 'ack', d: 7 });
    assert.deepEqual(parseServerMessage(json({ t: 'pong' })), { t: 'pong' });
    assert.equal(parseServerMessage(json({ v: 3, t: 'offer', d: { kind: 'draw', by: 'black' } }))?.t, 'offer');
    assert.equal(parseServerMessage(json({ v: 3, t: 'offer', d: { kind: 'takeback', by: null } }))?.t, 'offer');
    const join = parseServerMessage(json(joinEvent(4)));
    assert.equal(join?.t, 'join');
    assert.deepEqual(join?.t === 'join' ? join.d.firstMove : null, { color: 'white', left: 30000 });
    const withTimer = parseServerMessage(json({ v: 2, t: 'state', d: sampleState({ firstMove: { color: 'black', left: 1200 } }) }));
    assert.deepEqual(withTimer?.t === 'state' ? withTimer.d.firstMove : null, { color: 'black', left: 1200 });
    assert.equal(
        parseServerMessage(json({ v: 5, t: 'end', d: { status: 'over', result: { result: '1-0', reason: 'resignation', article: '5.1.2', text: 'Schwarz gibt auf' } } }))?.t,
        'end',
    );
    const refusal = parseServerMessage(
        json({ t: 'refusal', d: { a: 3, code: 'illegal', article: '3.9', text: 'Der König stünde im Schach', squares: ['e1'] } }),
    );
    assert.equal(refusal?.t === 'refusal' && refusal.d.text, 'Der König stünde im Schach');
    assert.equal(parseServerMessage(json({ t: 'error', d: { code: 'rate', text: 'zu viele Nachrichten' } }))?.t, 'error');
});

test('validator: fills what the state may leave out', () => {
    const s = sampleState();
    delete s.castling;
    delete s.offers;
    const msg = parseServerMessage(json({ v: 1, t: 'state', d: s }));
    assert.ok(msg?.t === 'state');
    assert.deepEqual(msg.d.castling, {});
    assert.deepEqual(msg.d.offers, { draw: null, takeback: null, rematch: null });
});

test('validator: rejects malformed input without throwing', () => {
    const bad: unknown[] = [
        '',
        'not json',
        '{"t":',
        '[]',
        'null',
        '42',
        json({ d: 1 }),
        json({ t: 'nonsense' }),
        json({ t: 'ack', d: 'seven' }),
        json({ t: 'ack', d: -1 }),
        json({ t: 'ack', d: 1.5 }),
        json({ v: -1, t: 'state', d: sampleState() }),
        json({ v: '2', t: 'state', d: sampleState() }),
        json({ v: 2, t: 'state' }),
        json({ v: 2, t: 'state', d: sampleState({ dests: { e2: ['e9'] } }) }),
        json({ v: 2, t: 'state', d: sampleState() }).replace('"dests":{', '"dests":{"__proto__":["e4"],'),
        json({ v: 2, t: 'state', d: sampleState({ fen: 'not a fen' }) }),
        json({ v: 2, t: 'state', d: sampleState({ turn: 'green' }) }),
        json({ v: 2, t: 'state', d: sampleState({ status: 'paused' }) }),
        json({ v: 2, t: 'state', d: sampleState({ moves: [{ uci: 'e2e4', san: 'e4', clock: 1, fen: 'x' }] }) }),
        json({ v: 2, t: 'state', d: sampleState({ clock: { white: -5, black: 0, running: null, lowTime: 0 } }) }),
        json({ v: 2, t: 'state', d: sampleState({ id: '../etc' }) }),
        json({ v: 2, t: 'move', d: { ...(moveEvent(2, 'e2e4', 'e4', AfterE4, 1).d as object), uci: 'e2e9' } }),
        json({ v: 2, t: 'offer', d: { kind: 'bribe', by: 'white' } }),
        json({ v: 2, t: 'join', d: { ...(joinEvent(2).d as object), color: 'both' } }),
        json({ v: 2, t: 'join', d: { color: 'black' } }),
        json({ v: 2, t: 'state', d: sampleState({ firstMove: { color: 'black', left: -1 } }) }),
        json({ t: 'refusal', d: { a: 1, code: 'x' } }),
        json({ t: 'error', d: { code: 1, text: 'x' } }),
        'x'.repeat(2 << 20),
        undefined,
        12,
        new ArrayBuffer(4),
    ];
    for (const raw of bad) assert.equal(parseServerMessage(raw), null, String(raw).slice(0, 80));
});

test('validator: HTTP answers', () => {
    const created = decodeCreateGameResponse({
        id: 'aB3dE5gH',
        color: 'white',
        secret: 's',
        invite: 'tok',
        urls: { play: '/game/aB3dE5gH', invite: '/game/aB3dE5gH?invite=tok', watch: '/watch/aB3dE5gH' },
    });
    assert.equal(created?.urls.invite, '/game/aB3dE5gH?invite=tok');
    assert.equal(decodeCreateGameResponse({ id: 'short', urls: {} }), undefined);
    const game = { id: 'aB3dE5gH', players: sampleState().players, status: 'over', result: null, updated: '2026-01-01T10:00:00Z' };
    assert.equal(decodeGameList([game])?.length, 1);
    assert.equal(decodeGameList({ games: [game] })?.length, 1);
    assert.equal(decodeGameList({ games: [{ ...game, status: 'lost' }] }), undefined);
});
