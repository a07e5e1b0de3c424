import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardDests, castlingMove } from '../src/castling.js';

test('castling: standard chess offers rook and target squares, sends king-onto-rook', () => {
    const dests = { e1: ['f1', 'd1'] };
    const castling = { e1: { h1: 'g1', a1: 'c1' } };
    assert.deepEqual(boardDests(dests, castling).get('e1')?.sort(), ['a1', 'c1', 'd1', 'f1', 'g1', 'h1']);
    assert.deepEqual(castlingMove('e1', 'g1', dests, castling), { uci: 'e1h1', king: 'e1', rook: 'h1', kingTo: 'g1', rookTo: 'f1' });
    assert.deepEqual(castlingMove('e1', 'a1', dests, castling), { uci: 'e1a1', king: 'e1', rook: 'a1', kingTo: 'c1', rookTo: 'd1' });
    assert.equal(castlingMove('e1', 'f1', dests, castling), null);
    assert.equal(castlingMove('g1', 'f3', dests, castling), null);
});

test('castling: Chess960, a target that an ordinary king move reaches means that move', () => {
    const dests = { b1: ['c1', 'c2'] };
    const castling = { b1: { a1: 'c1' } };
    assert.deepEqual(boardDests(dests, castling).get('b1')?.sort(), ['a1', 'c1', 'c2']);
    assert.equal(castlingMove('b1', 'c1', dests, castling), null);
    assert.equal(castlingMove('b1', 'a1', dests, castling)?.kingTo, 'c1');
});

test('castling: Chess960, the king already on its target castles onto the rook only', () => {
    const castling = { g8: { h8: 'g8' } };
    assert.deepEqual(boardDests(null, castling).get('g8'), ['h8']);
    assert.deepEqual(castlingMove('g8', 'h8', null, castling), { uci: 'g8h8', king: 'g8', rook: 'h8', kingTo: 'g8', rookTo: 'f8' });
});

test('castling: Chess960, the rook on the target square is the same move', () => {
    const castling = { f1: { g1: 'g1' } };
    assert.deepEqual(boardDests({ f1: ['e1'] }, castling).get('f1'), ['e1', 'g1']);
    assert.equal(castlingMove('f1', 'g1', { f1: ['e1'] }, castling)?.rookTo, 'f1');
});

test('castling: Chess960, a target on the other rook means castling onto that rook', () => {
    const castling = { b1: { a1: 'c1', c1: 'g1' } };
    assert.deepEqual(castlingMove('b1', 'c1', {}, castling), { uci: 'b1c1', king: 'b1', rook: 'c1', kingTo: 'g1', rookTo: 'f1' });
    assert.equal(castlingMove('b1', 'a1', {}, castling)?.kingTo, 'c1');
    assert.deepEqual(boardDests({}, castling).get('b1')?.sort(), ['a1', 'c1', 'g1']);
});
