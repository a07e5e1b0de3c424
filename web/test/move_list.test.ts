import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveNumberText, numbering } from '../src/move_list.js';

test('move list: numbers from the initial position', () => {
    const start = numbering('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.deepEqual([1, 2, 3].map((p) => moveNumberText(p, start)), ['1.', '1…', '2.']);
    const blackFirst = numbering('8/8/8/8/8/8/4k3/4K3 b - - 0 40');
    assert.deepEqual([1, 2, 3].map((p) => moveNumberText(p, blackFirst)), ['40…', '41.', '41…']);
});
