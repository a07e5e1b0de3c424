import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Languages } from '../src/i18n.js';
import { exerciseBlocks } from '../src/rules_content.js';
import { RulesCatalogues } from '../src/rules_i18n.js';

const keysOf = (o: object) => Object.keys(o).sort();
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('rules i18n: all three languages have the same keys, none empty, the same placeholders', () => {
    const english = keysOf(RulesCatalogues.en);
    assert.ok(english.length > 100);
    for (const lang of Languages) {
        assert.deepEqual(keysOf(RulesCatalogues[lang]), english, lang);
        for (const [key, text] of Object.entries(RulesCatalogues[lang])) {
            assert.ok(text.trim().length > 0, `${lang}.${key}`);
            assert.deepEqual(placeholders(text), placeholders(RulesCatalogues.en[key as keyof typeof RulesCatalogues.en]), `${lang}.${key}`);
        }
    }
});

test('rules i18n: gender-neutral German uses the seed forms, standard German none of them', () => {
    const neutral = Object.values(RulesCatalogues['de-neutral']).join('\n');
    for (const form of ['De Könige', 'de Wesire', 'Läufere', 'Springere', 'Bauere', 'Spielerne', 'mensch', 'Königerne', 'Bauernekette'])
        assert.ok(neutral.includes(form), form);
    for (const [key, text] of Object.entries(RulesCatalogues['de-neutral']))
        assert.ok(!/\b(Dame|Damen|König|Königs|Läufer|Läufern|Springer|Springern|Bauer|Bauern|Spieler|Gegner|man)\b/.test(text), `de-neutral.${key}: ${text}`);
    for (const [key, text] of Object.entries(RulesCatalogues.de))
        assert.ok(!/\b([Dd]e Könige|Bauere|Läufere|Springere|Spielerne|mensch|einey|jedey)\b/.test(text.replace('W (Wesire)', '')), `de.${key}: ${text}`);
});

test('rules i18n: the guide shows exactly the server’s exercises, each once', () => {
    const trials = JSON.parse(readFileSync('../tests/server/exercise_trials.json', 'utf8')) as { id: string }[];
    const shown = exerciseBlocks().map((b) => b.id);
    assert.deepEqual([...shown].sort(), trials.map((t) => t.id).sort());
    assert.equal(new Set(shown).size, shown.length);
});

test('rules i18n: the article numbers are in every language', () => {
    for (const lang of Languages) {
        const all = Object.values(RulesCatalogues[lang]).join('\n');
        for (const article of ['3.8.2.2', '3.7.3.2', '5.2.1', '5.2.2', '9.2', '9.3', '9.6.1', '9.6.2', '6.9'])
            assert.ok(all.includes(article), `${lang}: Art. ${article}`);
    }
});
