import assert from 'node:assert/strict';
import { test } from 'node:test';
import { availableActions } from '../src/controls.js';
import { type GameState, parseServerMessage } from '../src/protocol.js';
import { sampleState } from './fakes.js';

function state(overrides: Record<string, unknown>): GameState {
    const msg = parseServerMessage(JSON.stringify({ v: 1, t: 'state', d: sampleState(overrides) }));
    assert.ok(msg?.t === 'state');
    return msg.d;
}

const moves2 = [
    { uci: 'e2e4', san: 'e4', clock: 1, fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' },
    { uci: 'e7e5', san: 'e5', clock: 1, fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' },
];

test('controls: before both have moved, abort but no draw offer and no resign', () => {
    const a = availableActions(state({}), false, false);
    assert.deepEqual(a.abort, { shown: true, enabled: true });
    assert.deepEqual(a.offerDraw, { shown: true, enabled: false });
    assert.equal(a.resign.shown, false);
});

test('controls: after both have moved, resign and draw offer; answers only to the other side', () => {
    const s = state({ ply: 2, moves: moves2 });
    const a = availableActions(s, false, false);
    assert.equal(a.abort.shown, false);
    assert.deepEqual(a.resign, { shown: true, enabled: true });
    assert.deepEqual(a.offerDraw, { shown: true, enabled: true });
    assert.equal(availableActions(state({ ply: 2, moves: moves2, offers: { draw: 'black', takeback: null } }), false, false).answerDraw, true);
    const mine = availableActions(state({ ply: 2, moves: moves2, offers: { draw: 'white', takeback: null } }), false, false);
    assert.equal(mine.answerDraw, false);
    assert.equal(mine.offerDraw.enabled, false);
});

test('controls: claims follow claimable, or a typed move, on your turn', () => {
    const s = state({ ply: 2, moves: moves2, claimable: { threefold: true, fifty: false } });
    assert.equal(availableActions(s, false, false).claimThreefold.enabled, true);
    assert.equal(availableActions(s, false, false).claimFifty.enabled, false);
    assert.equal(availableActions(s, false, true).claimFifty.enabled, true);
    const theirTurn = state({ ply: 1, moves: moves2.slice(0, 1), turn: 'black', claimable: { threefold: true, fifty: true } });
    assert.equal(availableActions(theirTurn, false, true).claimThreefold.enabled, false);
});

test('controls: spectators get no game actions; rematch after the end', () => {
    const a = availableActions(state({ ply: 2, moves: moves2 }), true, false);
    assert.ok(!a.resign.shown && !a.offerDraw.shown && !a.claimThreefold.shown && !a.offerTakeback.shown);
    const over = state({ status: 'over', result: { result: '1-0', reason: 'resignation', article: '5.1.2', text: 'x' } });
    assert.deepEqual(availableActions(over, false, false).offerRematch, { shown: true, enabled: true });
    assert.equal(availableActions(over, true, false).offerRematch.shown, false);
});
