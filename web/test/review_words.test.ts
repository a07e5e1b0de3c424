import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLang } from '../src/i18n.js';
import type { TryAnswer } from '../src/review_protocol.js';
import { refusalReason } from '../src/review_words.js';

const refused = (text: string | null, loss: number | null): TryAnswer => ({ verdict: 'refused', san: 'Qh5', eval: { cp: -97 }, loss, best: null, text });

test('review words: a refused try says why, or what it costs when nothing else can be said', () => {
    setLang('en');
    assert.equal(refusalReason(refused('After Qh5 Nf6 the queen is lost.', 40)), 'After Qh5 Nf6 the queen is lost.');
    assert.equal(refusalReason(refused(null, 12.4)), 'It costs 12 percentage points of your winning chances against the best move.');
    assert.equal(refusalReason(refused('', 12.6)), 'It costs 13 percentage points of your winning chances against the best move.');
    assert.equal(refusalReason(refused(null, null)), '');
    assert.equal(refusalReason(null), '');
    setLang('de');
    assert.equal(refusalReason(refused(null, 7)), 'Er kostet 7 Prozentpunkte deiner Gewinnchancen gegenüber dem besten Zug.');
    setLang('en');
});
