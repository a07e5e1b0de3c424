// The review after a game, as a person uses it: a game against level 1 lost on purpose, its
// computer analysis asked for on the game page, the blunder found in the move list and on the
// graph, and "learn from your mistakes": a try refused with its reason, the best move solved.
// Its own `schach serve` with a small analysis budget (a few seconds for the whole game).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { analysisOf, buttonNamed, clickMove, loseToComputer, openPage, scenario, shareServerAndBrowser } from './harness.mjs';

/** Nodes a position for the review in these tests (the default is 1,000,000). */
export const AnalysisNodes = '20000';

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
    ['--analysis-nodes', AnalysisNodes],
);

scenario(test, 'review: a game lost to level 1, the blunder in the list and on the graph, learning from the mistakes', 240_000, async () => {
    const me = await openPage(browser, { name: 'player' });
    const { page } = me;
    const id = await loseToComputer(page, server.url);

    // Asked for by the button, unless the server started it by itself (a game against the computer).
    const review = page.locator('section.review');
    await review.waitFor();
    const ask = buttonNamed(page, 'Ask for a computer analysis');
    await Promise.race([ask.waitFor(), page.locator('.review .review-status').filter({ hasText: /analys|waiting/i }).waitFor(), page.locator('.eval-graph').waitFor()]);
    if (await ask.isVisible()) await ask.click();
    await page.locator('.eval-graph').waitFor({ timeout: 180_000 });
    await page.locator('.review .review-opening').filter({ hasText: /^Opening: [A-E]\d\d / }).waitFor();

    // The blunder: ?? in the move list, a blunder point on the graph at the same ply.
    await page.locator('.move-list .move.j-blunder').first().waitFor();
    const plies = (await page.locator('.move-list .move.j-blunder').evaluateAll((moves) => moves.map((m) => Number(m.getAttribute('data-ply')))));
    const ply = plies.find((p) => p % 2 === 1);
    assert.ok(ply, `a blunder of White (the player) in the list: ${plies}`);
    const blunder = page.locator(`.move-list .move[data-ply="${ply}"]`);
    assert.match((await blunder.textContent()) ?? '', /\?\?/);
    const point = page.locator(`.eval-graph .graph-point.j-blunder[data-ply="${ply}"]`);
    assert.equal(await point.count(), 1, 'the blunder is marked on the graph');
    await point.click();
    await page.locator('.move-list .move.active').filter({ hasText: '??' }).waitFor();
    const heading = page.locator('.review-comment .comment-heading');
    await heading.filter({ hasText: 'Blunder' }).waitFor();
    const explanation = (await page.locator('.review-comment .comment-text').textContent()) ?? '';
    assert.ok(explanation.length > 10, `an explanation in words: "${explanation}"`);
    // The best move of the shown position as an arrow on the board.
    assert.ok((await page.locator('.cg-wrap svg.cg-shapes g g').count()) + (await page.locator('.cg-wrap svg.cg-shapes path').count()) > 0, 'an arrow on the board');
    // The arrow keys go through the plies (the graph's cursor with them).
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((p) => document.querySelector('.eval-graph')?.getAttribute('aria-valuenow') === String(p - 1), ply);
    // Each side's figures.
    const white = await page.locator('.review-sides tr[data-row="reviewBlunders"] td.side-white').textContent();
    assert.ok(Number(white) >= 1, 'White has at least one blunder in the table');
    assert.match((await page.locator('.review-sides tr[data-row="reviewAccuracy"] td.side-white').textContent()) ?? '', /^\d+ %$/);

    // Learn from the mistakes: the first of White's mistakes and blunders.
    const analysis = await analysisOf(me.context, server.url, id);
    const first = analysis.plies.find((p) => p.ply % 2 === 1 && (p.judgement === 'mistake' || p.judgement === 'blunder') && p.best);
    assert.ok(first, 'the analysis has a mistake of White with a better move');
    await buttonNamed(page, 'Learn from your mistakes').click();
    const comment = page.locator('.review-comment');
    await page.locator('.review-comment[data-phase="try"]').waitFor();
    assert.match((await comment.locator('.comment-text').textContent()) ?? '', new RegExp(`Here you played .*${first.san.replace(/[+#]/g, '')}`));
    // The move of the game again: refused, with the reason.
    await clickMove(page, first.uci.slice(0, 2), first.uci.slice(2, 4));
    await page.locator('.review-comment[data-phase="refused"]').waitFor({ timeout: 60_000 });
    const refused = (await comment.locator('.learn-verdict').textContent()) ?? '';
    const reason = refused.replace('Not better.', '').replace('Try another move, or let the answer be shown.', '').trim();
    assert.ok(refused.startsWith('Not better.') && reason.length > 10, `refused with its reason: "${refused}"`);
    // The engine's move: solved.
    await clickMove(page, first.best.uci.slice(0, 2), first.best.uci.slice(2, 4));
    await page.locator('.review-comment[data-phase="solved"]').waitFor({ timeout: 60_000 });
    assert.match((await comment.locator('.learn-verdict').textContent()) ?? '', /^Well found: .+ is a good move here\.$/);
    // Next (or finish) until the end.
    for (let i = 0; i < 20; ++i) {
        if ((await comment.getAttribute('data-phase')) === 'done' || (await comment.locator('.comment-text').textContent())?.includes('all your mistakes')) break;
        const next = comment.locator('.learn-next');
        if (await next.isVisible()) await next.click();
        else await buttonNamed(page, 'Show the answer').click();
        await page.waitForTimeout(200);
    }
    await comment.locator('.comment-text', { hasText: 'You have gone through all your mistakes in this game.' }).waitFor();

    // Reachable from the list of one's games.
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: /^Learn from your mistakes in / }).first().click();
    await page.waitForURL(new RegExp(`/game/${id}\\?learn$`));
    await page.locator('.review-comment[data-phase="try"]').waitFor({ timeout: 30_000 });
}, current);

scenario(test, 'review in German: the words of the review and the language switched without a reload', 120_000, async () => {
    const me = await openPage(browser, { name: 'player', locale: 'de-DE' });
    const { page } = me;
    await loseToComputer(page, server.url, {
        labels: { computer: 'Gegen den Computer', level: 'Spielstärke des Computers (1–8)', white: 'Weiß', tc: 'Bedenkzeit (Minuten + Sekunden je Zug)', create: 'Partie erstellen', resign: 'Aufgeben', yes: 'Ja, aufgeben' },
    });
    const ask = buttonNamed(page, 'Computeranalyse anfordern');
    await Promise.race([ask.waitFor(), page.locator('.eval-graph').waitFor(), page.locator('.review .review-status').filter({ hasText: /Engine|Analyse/ }).waitFor()]);
    if (await ask.isVisible()) await ask.click();
    await page.locator('.eval-graph').waitFor({ timeout: 180_000 });
    await page.locator('.review-sides th', { hasText: /^Genauigkeit$/ }).waitFor();
    await page.locator('.move-list .move.j-blunder').first().click();
    await page.locator('.review-comment .comment-heading', { hasText: 'Patzer' }).waitFor();
    // The language select: the page in English at once, the same game, no reload.
    await page.evaluate(() => {
        window.__noReload = true;
    });
    await page.locator('#lang-select').selectOption('en');
    await page.locator('.review-sides th', { hasText: /^Accuracy$/ }).waitFor();
    await page.locator('.review-comment .comment-heading', { hasText: 'Blunder' }).waitFor();
    assert.equal(await page.evaluate(() => window.__noReload), true, 'the page was not loaded again');
}, current);
