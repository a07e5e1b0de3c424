import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLang } from '../src/i18n.js';
import { announceMove, describeSan } from '../src/move_speech.js';

test('announcements: English', () => {
    setLang('en');
    assert.equal(describeSan('Nf3'), 'Knight f3');
    assert.equal(describeSan('exd5+'), 'Pawn from e takes on d5, check');
    assert.equal(describeSan('Nbd7'), 'Knight from b to d7');
    assert.equal(describeSan('e8=Q#'), 'Pawn e8, promotes to Queen, checkmate');
    assert.equal(describeSan('O-O-O'), 'castles long');
    assert.equal(announceMove('Bxc6', 'white'), 'White: Bishop takes on c6');
});

test('announcements: German and gender-neutral German', () => {
    setLang('de');
    assert.equal(describeSan('Nf3'), 'Springer f3');
    assert.equal(describeSan('Qxh7#'), 'Dame schlägt auf h7, Schachmatt');
    assert.equal(announceMove('O-O+', 'black'), 'Schwarz: kurze Rochade, Schach');
    setLang('de-neutral');
    assert.equal(describeSan('Nf3'), 'Springere f3');
    assert.equal(describeSan('Qd1'), 'Wesire d1');
    assert.equal(describeSan('exd8=N'), 'Bauere von e schlägt auf d8, Umwandlung in Springere');
    setLang('en');
});
