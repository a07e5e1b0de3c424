// The rules guide in headless Chromium against the real server: every exercise of
// tests/server/exercise_trials.json (the cases the C++ tests check too) in German, gender-neutral
// German and English: its wrong try is refused or missed with the server's explanation, then its
// solution is played on the board, step by step, and the exercise is solved.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { join } from 'node:path';
import { openPage, playOnExercise, scenario, shareServerAndBrowser, webDir } from './harness.mjs';

const trials = JSON.parse(await readFile(join(webDir, '../tests/server/exercise_trials.json'), 'utf8'));

let browser;
let server;
const current = () => server;
shareServerAndBrowser(before, after, (s, b) => {
    server = s;
    browser = b;
});

/** Waits for the exercise's answer to become `result` (after it was something else) and returns its text. */
async function answer(exercise, result) {
    const feedback = exercise.locator('.ex-feedback');
    await feedback.and(exercise.page().locator(`[data-result="${result}"]`)).waitFor();
    return (await feedback.textContent()) ?? '';
}

async function walkAll(page, lang) {
    assert.equal(await page.locator('.exercise').count(), trials.length);
    await page.waitForFunction(() => [...document.querySelectorAll('.exercise .ex-seat')].every((e) => e.textContent.trim() !== ''));
    for (const trial of trials) {
        const exercise = page.locator(`.exercise[data-exercise="${trial.id}"]`);
        await exercise.locator('.ex-seat').filter({ hasText: /\S/ }).waitFor();
        assert.ok(((await exercise.locator('.ex-task').textContent()) ?? '').trim().length > 0, `${trial.id}: no task`);
        // The wrong try, explained.
        if (trial.wrong.claim) await exercise.locator('.ex-claim-box').check();
        await playOnExercise(page, exercise, trial.wrong.move);
        const wrong = await answer(exercise, trial.result);
        assert.ok(wrong.includes(trial.texts[lang]), `${lang} ${trial.id}: "${wrong}" lacks "${trial.texts[lang]}"`);
        assert.equal(await exercise.locator('.ex-feedback').getAttribute('data-code'), trial.code, `${lang} ${trial.id}`);
        // Then the solution, step by step.
        await exercise.getByRole('button', { name: /Zurücksetzen|Reset/ }).click();
        if (trial.claim) await exercise.locator('.ex-claim-box').check();
        for (const [i, move] of trial.solution.entries()) {
            await playOnExercise(page, exercise, move);
            const last = i + 1 === trial.solution.length;
            await answer(exercise, last ? 'solved' : 'next');
        }
        assert.ok(await exercise.evaluate((e) => e.classList.contains('solved')), `${lang} ${trial.id} not marked solved`);
    }
    const progress = (await page.locator('.rules-progress').textContent()) ?? '';
    assert.match(progress, new RegExp(`^${trials.length}\\D+${trials.length}\\D`), progress);
}

scenario(test, 'rules guide in English (/rules): every exercise, wrong try and solution', 240_000, async () => {
    const { page } = await openPage(browser, { locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/rules`);
    assert.equal(await page.locator('h1').textContent(), 'The rules of chess');
    assert.equal(await page.locator('nav.site-nav [aria-current="page"]').textContent(), 'Rules');
    await walkAll(page, 'en');
    // This device remembers what was solved, until the progress is reset.
    await page.reload();
    await page.locator('.rules-progress', { hasText: /^30 of 30 / }).waitFor();
    assert.equal(await page.locator('.exercise.solved-before').count(), 30);
    await page.getByRole('button', { name: 'Reset progress' }).click();
    await page.locator('.rules-progress', { hasText: /^0 of 30 / }).waitFor();
    assert.equal(await page.locator('.exercise.solved-before').count(), 0);
}, current);

scenario(test, 'rules guide in gender-neutral German (switched from /rules to /regeln)', 240_000, async () => {
    const { page } = await openPage(browser, { locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/rules`);
    await page.locator('#lang-select').selectOption('de-neutral');
    await page.waitForURL(/\/regeln$/);
    await page.locator('h1', { hasText: 'Die Schachregeln' }).waitFor();
    assert.match((await page.locator('#pieces').textContent()) ?? '', /De Wesire zieht/);
    await walkAll(page, 'de-neutral');
}, current);

scenario(test, 'rules guide in German (/regeln) on a phone', 240_000, async () => {
    const { page } = await openPage(browser, { locale: 'de-DE', viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(`${server.url}/regeln`);
    assert.equal(await page.locator('h1').textContent(), 'Die Schachregeln');
    // Nothing wider than the screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways');
    await walkAll(page, 'de');
}, current);

scenario(test, 'rules guide: a move typed as squares is judged like one on the board', 60_000, async () => {
    const { page } = await openPage(browser, { locale: 'en-GB' });
    await page.goto(`${server.url}/rules#castling`);
    const exercise = page.locator('.exercise[data-exercise="castle-attacked"]');
    await exercise.locator('.ex-seat').filter({ hasText: /\S/ }).waitFor();
    const field = exercise.getByLabel(/type the move as squares/);
    await field.fill('O-O-O');
    await field.press('Enter');
    assert.match(await answer(exercise, 'error'), /as two squares/);
    await field.fill('e1c1');
    await field.press('Enter');
    assert.match(await answer(exercise, 'refused'), /castle through d1: it is attacked by the bishop on g4/);
    assert.equal(await field.inputValue(), '');
    await field.fill('E1G1');
    await exercise.getByRole('button', { name: 'Play', exact: true }).click();
    assert.match(await answer(exercise, 'solved'), /^Solved: O-O\./);
}, current);
