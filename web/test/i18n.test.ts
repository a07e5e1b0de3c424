import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Catalogues, Languages, format, htmlLang, pickLang, setLang, t } from '../src/i18n.js';

const keysOf = (o: object) => Object.keys(o).sort();
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('i18n: all three languages have the same keys', () => {
    const english = keysOf(Catalogues.en);
    assert.ok(english.length > 50);
    for (const lang of Languages) assert.deepEqual(keysOf(Catalogues[lang]), english, lang);
});

test('i18n: no message is empty', () => {
    for (const lang of Languages)
        for (const [key, text] of Object.entries(Catalogues[lang])) assert.ok(text.trim().length > 0, `${lang}.${key}`);
});

test('i18n: every translation has the placeholders of the English text', () => {
    for (const lang of Languages)
        for (const [key, text] of Object.entries(Catalogues.en))
            assert.deepEqual(placeholders(Catalogues[lang][key as keyof typeof Catalogues.en]), placeholders(text), `${lang}.${key}`);
});

test('i18n: gender-neutral German uses the forms of the seed text', () => {
    const n = Catalogues['de-neutral'];
    assert.deepEqual(
        [n.pieceKing, n.pieceQueen, n.pieceRook, n.pieceBishop, n.pieceKnight, n.piecePawn],
        ['Könige', 'Wesire', 'Turm', 'Läufere', 'Springere', 'Bauere'],
    );
    assert.match(n.modeLocal, /Spielerne/);
    // The page says "du" in both German forms; "mensch" only where the German says "man".
    assert.match(n.copyFailed, /markiere/);
    assert.match(n.seatTaken, /\bein andere Spielere\b/);
    for (const text of Object.values(n)) assert.ok(!/\bDame\b|\bSpieler\b|\bZuschauer\b/.test(text), text);
});

test('i18n: format fills placeholders and keeps unknown ones', () => {
    assert.equal(format('{a} und {b}', { a: 1, b: 'zwei' }), '1 und zwei');
    assert.equal(format('{a} {missing}', { a: 'x' }), 'x {missing}');
});

test('i18n: t uses the current language', () => {
    setLang('de');
    assert.equal(t('turnOf', { color: t('white') }), 'Weiß ist am Zug.');
    setLang('en');
    assert.equal(t('turnOf', { color: t('black') }), 'Black to move.');
});

test('i18n: language from the stored choice, else the browser, else English', () => {
    assert.equal(pickLang('de-neutral', ['en-US']), 'de-neutral');
    assert.equal(pickLang(null, ['fr-FR', 'de-AT', 'en']), 'de');
    assert.equal(pickLang('klingon', ['en-GB']), 'en');
    assert.equal(pickLang(null, ['fr']), 'en');
    assert.equal(htmlLang('de-neutral'), 'de');
});

test('i18n: every word of the tool pages is in all three languages, the neutral one in the seed’s forms', async () => {
    const { toolsEn } = await import('../src/i18n/tools.en.js');
    const { toolsDe } = await import('../src/i18n/tools.de.js');
    const { toolsDeNeutral } = await import('../src/i18n/tools.de-neutral.js');
    const keys = keysOf(toolsEn);
    assert.ok(keys.length > 100);
    assert.deepEqual(keysOf(toolsDe), keys);
    assert.deepEqual(keysOf(toolsDeNeutral), keys);
    for (const key of keys) for (const lang of Languages) assert.ok(Object.hasOwn(Catalogues[lang], key), `${lang}.${key}`);
    for (const text of Object.values(toolsDeNeutral)) assert.ok(!/\bDame\b|\bSpieler\b|\bFreund\b|\bSchiedsrichter\b|\bKönig\b/.test(text), text);
    assert.match(toolsDeNeutral.c960StepQueen, /Wesire/);
    assert.match(toolsDeNeutral.trainerKingOnly, /Könige e1/);
});
