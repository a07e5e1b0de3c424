import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeCoachAdvice } from '../src/coach_protocol.js';

const hint = {
    principle: 5,
    principle_id: 'watch-threats',
    principle_name: 'What does the last move attack?',
    code: 'threat',
    praise: false,
    text: 'Watch out: after e5-e4, the pawn on e4 can take the knight on f3 and win 2 points.',
    squares: ['f3', 'e5', 'e4'],
};

test('coach: the server answer is decoded with its hints', () => {
    const advice = decodeCoachAdvice({ ply: 4, learner: 'white', mover: 'black', hints: [hint] });
    assert.ok(advice);
    assert.equal(advice.ply, 4);
    assert.equal(advice.learner, 'white');
    assert.equal(advice.mover, 'black');
    assert.equal(advice.hints.length, 1);
    assert.equal(advice.hints[0]!.principleName, 'What does the last move attack?');
    assert.deepEqual(advice.hints[0]!.squares, ['f3', 'e5', 'e4']);
});

test('coach: malformed answers are refused', () => {
    assert.equal(decodeCoachAdvice({ ply: 4, learner: 'white', mover: 'white', hints: [{ ...hint, principle: 8 }] }), undefined);
    assert.equal(decodeCoachAdvice({ ply: 4, learner: 'white', mover: 'white', hints: [{ ...hint, squares: ['z9'] }] }), undefined);
    assert.equal(decodeCoachAdvice({ ply: -1, learner: 'white', mover: 'white', hints: [] }), undefined);
    assert.equal(decodeCoachAdvice({ ply: 0, learner: 'red', mover: 'white', hints: [] }), undefined);
    assert.equal(decodeCoachAdvice({ ply: 0, learner: 'white', mover: 'white', hints: [{ ...hint, text: '' }] }), undefined);
    assert.equal(decodeCoachAdvice({ ply: 0, learner: 'white', hints: [] }), undefined);
    assert.equal(decodeCoachAdvice('hints'), undefined);
});
