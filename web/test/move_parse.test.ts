import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTypedMove } from '../src/move_parse.js';

test('move entry: UCI moves are sent as uci', () => {
    assert.deepEqual(parseTypedMove('e2e4'), { kind: 'uci', uci: 'e2e4' });
    assert.deepEqual(parseTypedMove(' E7E8Q '), { kind: 'uci', uci: 'e7e8q' });
    assert.deepEqual(parseTypedMove('e7e8d'), { kind: 'uci', uci: 'e7e8q' });
    assert.deepEqual(parseTypedMove('a2a1s'), { kind: 'uci', uci: 'a2a1n' });
    assert.deepEqual(parseTypedMove('e1h1'), { kind: 'uci', uci: 'e1h1' });
});

test('move entry: SAN in German or English letters is sent as English SAN', () => {
    const san = (text: string) => parseTypedMove(text);
    assert.deepEqual(san('Nf3'), { kind: 'san', san: 'Nf3' });
    assert.deepEqual(san('Sf3'), { kind: 'san', san: 'Nf3' });
    assert.deepEqual(san('Wd1'), { kind: 'san', san: 'Qd1' });
    assert.deepEqual(san('Dxd8+'), { kind: 'san', san: 'Qxd8+' });
    assert.deepEqual(san('Lb5!?'), { kind: 'san', san: 'Bb5' });
    assert.deepEqual(san('Tae1'), { kind: 'san', san: 'Rae1' });
    assert.deepEqual(san('exd5'), { kind: 'san', san: 'exd5' });
    assert.deepEqual(san('e:d5'), { kind: 'san', san: 'exd5' });
    assert.deepEqual(san('e8D'), { kind: 'san', san: 'e8=Q' });
    assert.deepEqual(san('e8=S#'), { kind: 'san', san: 'e8=N#' });
    assert.deepEqual(san('0-0'), { kind: 'san', san: 'O-O' });
    assert.deepEqual(san('0-0-0+'), { kind: 'san', san: 'O-O-O+' });
    assert.deepEqual(san('O-O'), { kind: 'san', san: 'O-O' });
});

test('move entry: anything else is refused on the page', () => {
    for (const text of ['', 'hello', 'e9e4', 'Xf3', 'Nf', 'e2-e4-e5', 'O-O-O-O', 'e2e4e5'])
        assert.equal(parseTypedMove(text), null, text);
});
