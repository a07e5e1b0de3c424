import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
    Connection,
    MovedCloseCode,
    PingInterval,
    ResendAfter,
    SilenceTimeout,
    gameSocketUrl,
    movedTo,
    retryDelay,
    withNode,
} from '../src/connection.js';
import type { Reply, VersionedEvent } from '../src/protocol.js';
import { AfterE4, AfterE4E5, FakeSocket, FakeTimers, moveEvent, sampleState } from './fakes.js';

function setup() {
    const timers = new FakeTimers();
    const sockets: FakeSocket[] = [];
    const events: VersionedEvent[] = [];
    const replies: Reply[] = [];
    const connection = new Connection({
        url: (v) => `/ws/v1/games/aB3dE5gH${v === null ? '' : `?v=${v}`}`,
        socket: (url) => {
            const s = new FakeSocket(url);
            sockets.push(s);
            return s;
        },
        timers,
        onEvent: (e) => events.push(e),
        onReply: (r) => replies.push(r),
    });
    connection.start();
    const socket = () => sockets[sockets.length - 1]!;
    socket().accept();
    return { timers, sockets, socket, events, replies, connection };
}

const state = (v: number, overrides: Record<string, unknown> = {}) => ({ v, t: 'state', d: sampleState({ version: v, ...overrides }) });

test('connection: socket URL with the last version and the language', () => {
    const loc = { protocol: 'https:', host: 'schach.example:8443' };
    assert.equal(gameSocketUrl(loc, 'aB3dE5gH', null, 'de'), 'wss://schach.example:8443/ws/v1/games/aB3dE5gH?lang=de');
    assert.equal(
        gameSocketUrl({ protocol: 'http:', host: 'localhost' }, 'aB3dE5gH', 12, 'de-neutral'),
        'ws://localhost/ws/v1/games/aB3dE5gH?v=12&lang=de-neutral',
    );
});

test('connection: versioned events are applied in order', () => {
    const { socket, events, connection } = setup();
    assert.equal(socket().url, '/ws/v1/games/aB3dE5gH');
    socket().receive(state(1));
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    socket().receive(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2));
    assert.deepEqual(events.map((e) => [e.t, e.v]), [['state', 1], ['move', 2], ['move', 3]]);
    assert.equal(connection.version, 3);
});

test('connection: repeated and old events are ignored', () => {
    const { socket, events } = setup();
    socket().receive(state(1));
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    socket().receive({ v: 1, t: 'offer', d: { kind: 'draw', by: 'white' } });
    assert.deepEqual(events.map((e) => e.v), [1, 2]);
});

test('connection: events before the first state are ignored', () => {
    const { socket, events } = setup();
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    assert.equal(events.length, 0);
});

test('connection: a gap reconnects asking for the missing events', () => {
    const { socket, sockets, events } = setup();
    socket().receive(state(1));
    socket().receive(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2));
    assert.deepEqual(events.map((e) => e.v), [1]);
    assert.equal(sockets.length, 2);
    assert.ok(sockets[0]!.closed);
    assert.equal(socket().url, '/ws/v1/games/aB3dE5gH?v=1');
    socket().accept();
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    socket().receive(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2));
    assert.deepEqual(events.map((e) => e.v), [1, 2, 3]);
});

test('connection: a second gap in a row asks for the whole state, which is accepted', () => {
    const { socket, events } = setup();
    socket().receive(state(1));
    socket().receive(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2));
    socket().accept();
    socket().receive(moveEvent(4, 'g1f3', 'Nf3', AfterE4E5, 3));
    assert.equal(socket().url, '/ws/v1/games/aB3dE5gH');
    socket().accept();
    socket().receive(state(4, { ply: 3 }));
    assert.deepEqual(events.map((e) => [e.t, e.v]), [['state', 1], ['state', 4]]);
});

test('connection: messages from a replaced socket are ignored', () => {
    const { socket, sockets, events } = setup();
    socket().receive(state(1));
    socket().receive(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2));
    sockets[0]!.receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    assert.deepEqual(events.map((e) => e.v), [1]);
});

test('connection: malformed messages are dropped without throwing', () => {
    const { socket, events, replies } = setup();
    socket().receive(state(1));
    for (const raw of ['{', '[]', '{"t":"move","v":2,"d":{}}', '{"t":"ack","d":"x"}']) socket().receive(raw);
    assert.equal(events.length, 1);
    assert.equal(replies.length, 0);
});

test('connection: pings every 2.5 s and measures the round trip', () => {
    const { socket, timers, connection } = setup();
    assert.equal(socket().sentOf('ping').length, 1);
    timers.advance(40);
    socket().receive({ t: 'pong' });
    assert.equal(connection.roundTrip, 40);
    timers.advance(PingInterval - 40);
    assert.equal(socket().sentOf('ping').length, 2);
    timers.advance(PingInterval);
    assert.equal(socket().sentOf('ping').length, 3);
});

test('connection: 9 s of silence reconnects, with growing backoff', () => {
    const { socket, sockets, timers } = setup();
    socket().receive(state(1));
    timers.advance(SilenceTimeout - 1);
    assert.equal(sockets.length, 1);
    timers.advance(1);
    assert.ok(sockets[0]!.closed);
    timers.advance(retryDelay(0));
    assert.equal(sockets.length, 2);
    assert.equal(socket().url, '/ws/v1/games/aB3dE5gH?v=1');
    socket().drop(); // refused again: wait longer
    timers.advance(retryDelay(1) - 1);
    assert.equal(sockets.length, 2);
    timers.advance(1);
    assert.equal(sockets.length, 3);
    assert.ok(retryDelay(1) > retryDelay(0));
    assert.equal(retryDelay(50), 10_000);
});

test('connection: an unacked move is resent after 2.5 s with the same ply, uci and a', () => {
    const { socket, timers, connection } = setup();
    socket().receive(state(1));
    const a = connection.sendMove(0, { uci: 'e2e4' });
    assert.deepEqual(socket().sentOf('move'), [{ t: 'move', d: { ply: 0, a, uci: 'e2e4' } }]);
    timers.advance(ResendAfter - 1);
    assert.equal(socket().sentOf('move').length, 1);
    timers.advance(1);
    assert.deepEqual(socket().sentOf('move'), [
        { t: 'move', d: { ply: 0, a, uci: 'e2e4' } },
        { t: 'move', d: { ply: 0, a, uci: 'e2e4' } },
    ]);
    socket().receive({ t: 'ack', d: a });
    assert.equal(connection.unacked, null);
    timers.advance(ResendAfter * 3);
    assert.equal(socket().sentOf('move').length, 2);
});

test('connection: an ack for another counter keeps the move pending', () => {
    const { socket, connection } = setup();
    socket().receive(state(1));
    const a = connection.sendMove(0, { san: 'Nf3' });
    socket().receive({ t: 'ack', d: a + 5 });
    assert.equal(connection.unacked?.a, a);
});

test('connection: a refusal ends the resending and is reported', () => {
    const { socket, timers, connection, replies } = setup();
    socket().receive(state(1));
    const a = connection.sendMove(0, { uci: 'e2e5' });
    socket().receive({ t: 'refusal', d: { a, code: 'illegal', article: '3.7', text: 'Ein Bauer zieht nicht so', squares: ['e2'] } });
    assert.equal(connection.unacked, null);
    timers.advance(ResendAfter * 2);
    assert.equal(socket().sentOf('move').length, 1);
    assert.equal(replies[0]?.t, 'refusal');
});

test('connection: an unacked move is sent again on the new socket after a reconnect', () => {
    const { socket, sockets, timers, connection } = setup();
    socket().receive(state(1));
    const a = connection.sendMove(0, { uci: 'e2e4' });
    socket().drop();
    timers.advance(retryDelay(0));
    assert.equal(sockets.length, 2);
    socket().accept();
    assert.deepEqual(socket().sentOf('move'), [{ t: 'move', d: { ply: 0, a, uci: 'e2e4' } }]);
});

test('connection: a move event past the pending ply settles the move (lost ack)', () => {
    const { socket, connection } = setup();
    socket().receive(state(1));
    connection.sendMove(0, { uci: 'e2e4' });
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    assert.equal(connection.unacked, null);
});

test('connection: stop closes the socket and never reconnects', () => {
    const { socket, sockets, timers, connection } = setup();
    connection.stop();
    assert.ok(socket().closed);
    timers.advance(SilenceTimeout * 3);
    assert.equal(sockets.length, 1);
    assert.equal(connection.send({ t: 'resign' }), false);
});

test('connection: a game moved to another node is followed there at once, with what was missed', () => {
    const { socket, sockets, events, timers } = setup();
    socket().receive(state(1));
    socket().receive(moveEvent(2, 'e2e4', 'e4', AfterE4, 1));
    const before = sockets.length;
    socket().drop(MovedCloseCode, 'node=n2');
    assert.equal(sockets.length, before + 1, 'no backoff: the new socket is opened at once');
    assert.equal(socket().url, '/ws/v1/games/aB3dE5gH?v=2&node=n2');
    socket().accept();
    socket().receive(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2));
    assert.deepEqual(events.map((e) => e.v), [1, 2, 3]);
    // An ordinary drop later keeps asking that node.
    socket().drop();
    timers.advance(60_000);
    assert.equal(socket().url, '/ws/v1/games/aB3dE5gH?v=3&node=n2');
});

test('connection: only the moved close names a node, and the node parameter is replaced', () => {
    assert.equal(movedTo({ code: MovedCloseCode, reason: 'node=n3' }), 'n3');
    assert.equal(movedTo({ code: 1000, reason: 'node=n3' }), null);
    assert.equal(movedTo({ code: MovedCloseCode, reason: 'node=<script>' }), null);
    assert.equal(movedTo(undefined), null);
    assert.equal(withNode('/ws/v1/games/x?v=1&node=n1&lang=de', 'n2'), '/ws/v1/games/x?v=1&lang=de&node=n2');
    assert.equal(withNode('/ws/v1/games/x', 'n2'), '/ws/v1/games/x?node=n2');
    assert.equal(withNode('/ws/v1/games/x', null), '/ws/v1/games/x');
});
