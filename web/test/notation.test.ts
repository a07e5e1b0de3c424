import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertSan, defaultNotation, toEnglishLetters } from '../src/notation.js';

const cases: Array<[string, string, string, string, string]> = [
    // English, German, gender-neutral German, figurine
    ['Nf3', 'Nf3', 'Sf3', 'Sf3', '♘f3'],
    ['Qxd8+', 'Qxd8+', 'Dxd8+', 'Wxd8+', '♕xd8+'],
    ['Bb5', 'Bb5', 'Lb5', 'Lb5', '♗b5'],
    ['Rae1', 'Rae1', 'Tae1', 'Tae1', '♖ae1'],
    ['Kxb2', 'Kxb2', 'Kxb2', 'Kxb2', '♔xb2'],
    ['e4', 'e4', 'e4', 'e4', 'e4'],
    ['bxc3', 'bxc3', 'bxc3', 'bxc3', 'bxc3'],
    ['e8=Q#', 'e8=Q#', 'e8=D#', 'e8=W#', 'e8=♕#'],
    ['bxa1=N+', 'bxa1=N+', 'bxa1=S+', 'bxa1=S+', 'bxa1=♘+'],
    ['f8=R', 'f8=R', 'f8=T', 'f8=T', 'f8=♖'],
    ['c1=B', 'c1=B', 'c1=L', 'c1=L', 'c1=♗'],
    ['O-O', 'O-O', 'O-O', 'O-O', 'O-O'],
    ['O-O-O+', 'O-O-O+', 'O-O-O+', 'O-O-O+', 'O-O-O+'],
];

test('notation: SAN letters in the four notations (promotions too, castling stays)', () => {
    for (const [san, english, german, neutral, figurine] of cases) {
        assert.equal(convertSan(san, 'english'), english);
        assert.equal(convertSan(san, 'german'), german);
        assert.equal(convertSan(san, 'german-neutral'), neutral);
        assert.equal(convertSan(san, 'figurine'), figurine);
    }
});

test('notation: typed letters back to English', () => {
    assert.equal(toEnglishLetters('Sf3'), 'Nf3');
    assert.equal(toEnglishLetters('Wxd8+'), 'Qxd8+');
    assert.equal(toEnglishLetters('Dd1'), 'Qd1');
    assert.equal(toEnglishLetters('Tae1'), 'Rae1');
    assert.equal(toEnglishLetters('Lb5'), 'Bb5');
    assert.equal(toEnglishLetters('e8=♛'), 'e8=Q');
    assert.equal(toEnglishLetters('bxc3'), 'bxc3');
});

test('notation: default notation follows the language', () => {
    assert.equal(defaultNotation('de'), 'german');
    assert.equal(defaultNotation('de-neutral'), 'german-neutral');
    assert.equal(defaultNotation('en'), 'english');
});
