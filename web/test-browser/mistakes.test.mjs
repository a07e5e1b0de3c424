// "My mistakes" as a person uses it: a game lost on purpose against level 1, its computer
// analysis done, then the review's "Practise my mistakes" into the trainer, which serves the
// game's first mistake of the player (a mistake or a blunder): the move of the game tried again is refused
// with its reason in words, retried, the analysis' better move solves it and it comes back later;
// the rest shown, until nothing is due and the trainer says when the next one comes back; the
// start page's list of one's games leads there too. Its own
// `schach serve` with a small analysis budget.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { analysisOf, buttonNamed, clickMove, loseToComputer, openPage, scenario, shareServerAndBrowser } from './harness.mjs';

let browser;
let server;
const current = () => server;
shareServerAndBrowser(
    before,
    after,
    (s, b) => {
        server = s;
        browser = b;
    },
    ['--analysis-nodes', '20000'],
);

/** GET an API path with the page's cookies (its browser id). */
async function api(context, path) {
    const r = await context.request.get(`${server.url}/api/v1${path}${path.includes('?') ? '&' : '?'}lang=en`);
    if (!r.ok()) throw new Error(`GET ${path}: ${r.status()} ${await r.text()}`);
    return r.json();
}

scenario(test, 'my mistakes: a blunder of a reviewed game served in the trainer and solved with a better move', 240_000, async () => {
    const me = await openPage(browser, { name: 'player' });
    const { page, context } = me;
    const id = await loseToComputer(page, server.url);

    // The review (a game against the computer is analysed by itself; else asked for).
    await page.locator('section.review').waitFor();
    const ask = buttonNamed(page, 'Ask for a computer analysis');
    // The analysis may be under way already (its status shows) or done; on a busy machine it
    // takes longer than a locator's default wait.
    await Promise.race([
        ask.waitFor({ timeout: 60_000 }),
        page.locator('.review .review-status').filter({ hasText: /analys|waiting/i }).waitFor({ timeout: 60_000 }),
        page.locator('.eval-graph').waitFor({ timeout: 60_000 }),
    ]);
    if (await ask.isVisible()) await ask.click();
    await page.locator('.eval-graph').waitFor({ timeout: 180_000 });
    const analysis = await analysisOf(context, server.url, id);
    const mine = analysis.plies.filter((p) => p.ply % 2 === 1 && (p.judgement === 'mistake' || p.judgement === 'blunder'));
    assert.ok(mine.length > 0, 'the analysis has a mistake of White');
    // The first is served first. Which it is depends on the computer's replies (level 1 plays at
    // random): 2.Qh5 may already be a mistake, else the queen's sacrifice is the blunder.
    const first = mine[0];
    const word = first.judgement === 'blunder' ? 'a blunder' : 'a mistake';

    // Stored as exercises once the analysis is: the counts say so.
    await page.waitForFunction(async () => {
        const r = await fetch('/api/v1/mistakes/stats');
        return r.ok && (await r.json()).count > 0;
    }, undefined, { timeout: 30_000, polling: 250 });
    const stats = await api(context, '/mistakes/stats');
    assert.equal(stats.count, mine.length, 'one exercise for each of White’s mistakes and blunders');

    // From the review into the trainer.
    await page.getByRole('link', { name: 'Practise my mistakes' }).first().click();
    await page.waitForURL(/\/puzzles\?mistakes$/);
    const status = page.locator('.mistake-status');
    await page.locator('.mistake-status[data-phase="play"]').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByLabel('My mistakes', { exact: true }).isChecked(), true);
    const text = (await status.textContent()) ?? '';
    const played = first.san.replace(/[+#]/g, '');
    assert.ok(text.startsWith('In your game you played ') && text.includes(played) && text.includes(word), `the ${first.judgement} served: "${text}"`);
    // The board shows the position before it (White's pieces at the bottom).
    assert.ok(((await page.locator('.puzzle-board .board.cg-wrap').getAttribute('class')) ?? '').includes('orientation-white'));

    // The move of the game again: refused, with its reason, and it comes back soon.
    await clickMove(page, first.uci.slice(0, 2), first.uci.slice(2, 4));
    await page.locator('.mistake-status[data-phase="refused"]').waitFor({ timeout: 60_000 });
    const refused = (await status.textContent()) ?? '';
    assert.ok(refused.includes('is not better.') && refused.length > played.length + 25, `refused with its reason: "${refused}"`);
    await page.locator('.mistake-schedule', { hasText: /^It comes back on / }).waitFor();

    // Retried: the analysis' better move solves it (not counted again: it was missed just now).
    await buttonNamed(page, 'Retry').click();
    await page.locator('.mistake-status[data-phase="play"]').waitFor();
    await clickMove(page, first.best.uci.slice(0, 2), first.best.uci.slice(2, 4));
    await page.locator('.mistake-status[data-phase="solved"]').waitFor({ timeout: 60_000 });
    assert.match((await status.textContent()) ?? "", /^Solved: .+ is the best move\.$/);
    await page.locator('.mistake-schedule', { hasText: /not due/ }).waitFor();
    await page.getByRole('link', { name: 'Open the game of this mistake' }).waitFor();

    // The others shown, until nothing is due: the empty state says when the next one comes back.
    for (let i = 0; i < 20; ++i) {
        await buttonNamed(page, 'Next mistake').click();
        await page.locator('.mistake-status:not([data-phase="loading"])').waitFor();
        const phase = await status.getAttribute('data-phase');
        if (phase === 'empty') break;
        assert.equal(phase, 'play');
        await buttonNamed(page, 'Show the answer').click();
        await page.locator('.mistake-status[data-phase="shown"]', { hasText: /^The better move: / }).waitFor();
    }
    await page.locator('.mistake-status[data-phase="empty"]', { hasText: /^Nothing is due now\. Your next mistake comes back on / }).waitFor();
    await page.getByRole('link', { name: 'Play a game' }).waitFor();
    const after = await api(context, '/mistakes/stats');
    assert.equal(after.due, 0);
    assert.equal(after.count, mine.length);
    assert.ok(after.nextDue > Date.now(), 'the next one is due later');

    // Reachable from the list of one's games too.
    await page.goto(`${server.url}/`);
    await page.locator('#my-games').getByRole('link', { name: 'Practise my mistakes' }).click();
    await page.waitForURL(/\/puzzles\?mistakes$/);
    await page.locator('.mistake-status[data-phase="empty"]').waitFor();
    assert.match((await page.locator('.puzzle-intro').textContent()) ?? '', /^Your own mistakes and blunders/);
}, current);

scenario(test, 'my mistakes: a new browser gets the empty state in German, with the ways to get some', 60_000, async () => {
    const { page } = await openPage(browser, { name: 'fresh', locale: 'de-DE' });
    await page.goto(`${server.url}/taktik?mistakes`);
    await page.locator('.mistake-status[data-phase="empty"]', { hasText: /^Noch keine Fehler zum Üben\./ }).waitFor();
    await page.getByRole('link', { name: 'Eine Partie spielen' }).waitFor();
    // The rated puzzles are one choice away (the mode switched on the same page).
    await page.getByLabel('Meine Fehler', { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Meine Fehler', { exact: true }).isChecked(), true);
}, current);
