// The analysis board (/analyse) against the real server in headless Chromium, as a person uses
// it: a pasted PGN loaded, a variation made on the board and promoted to the main line, the
// engine's lines shown (with their arrows), the PGN exported with the variation; the keyboard;
// a finished game opened from its game page; a Chess960 start from the explorer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createGameApi, openPage, scenario, shareServerAndBrowser, squareInBox } from './harness.mjs';

let browser;
let server;
const current = () => server;
shareServerAndBrowser(before, after, (s, b) => {
    server = s;
    browser = b;
});

/** Errors in the page's console (besides uncaught exceptions, which fail every scenario). */
function consoleErrors(page) {
    const errors = [];
    page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
    });
    return errors;
}

/** Clicks `from`, then `to` on the analysis board. */
async function boardMove(page, from, to) {
    const board = page.locator('.analysis cg-board');
    const black = ((await page.locator('.analysis .cg-wrap').first().getAttribute('class')) ?? '').includes('orientation-black');
    const box = await board.boundingBox();
    const a = squareInBox(box, from, black ? 'black' : 'white');
    await page.mouse.click(a.x, a.y);
    await page.waitForFunction(() => [...document.querySelectorAll('.analysis cg-board square.move-dest')].some((q) => q.style.display !== 'none'));
    const b = squareInBox(box, to, black ? 'black' : 'white');
    await page.mouse.click(b.x, b.y);
}

/** The main line's moves as the list shows them (outside the variations). */
async function mainline(page) {
    return page.locator('.an-moves > .move').allTextContents();
}

const Pgn = `[Event "Casual game"]
[White "Anna"]
[Black "Ben"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *`;

scenario(
    test,
    'analysis board: a pasted PGN, a variation added and promoted, the engine lines, the PGN exported',
    60_000,
    async () => {
        const { page } = await openPage(browser, { name: 'analysis' });
        const errors = consoleErrors(page);
        await page.goto(`${server.url}/analyse`);
        await page.locator('.analysis cg-board').waitFor();
        // The engine answers the start position at once.
        await page.locator('.pv').first().waitFor();
        await page.getByLabel('Game (PGN)').fill(Pgn);
        await page.getByRole('button', { name: 'Load PGN', exact: true }).click();
        await page.locator('.an-moves > .move', { hasText: 'a6' }).waitFor();
        assert.deepEqual(await mainline(page), ['1. e4', 'e5', '2. Nf3', 'Nc6', '3. Bb5', 'a6']);

        // After 1... e5 another second move: a variation, shown nested.
        await page.locator('.an-moves > .move', { hasText: 'e5' }).click();
        await boardMove(page, 'f1', 'c4');
        await page.locator('.an-moves .variation .move', { hasText: '2. Bc4' }).waitFor();
        assert.match(page.url(), /line=e2e4_e7e5_f1c4/);
        // The engine's lines of the new position, with the opening's name.
        await page.locator('.engine-status', { hasText: /Depth \d+/ }).waitFor();
        await page.locator('.opening', { hasText: 'C23' }).waitFor(); // Bishop's Opening
        assert.ok((await page.locator('.pv').count()) >= 1);
        assert.ok((await page.locator('.analysis cg-container svg.cg-shapes g').count()) >= 1, 'the lines as arrows');

        // Promoted to the main line: 2. Bc4 in the row, 2. Nf3 … in the variation.
        await page.getByRole('button', { name: 'Make main line', exact: true }).click();
        await page.waitForFunction(() => document.querySelectorAll('.an-moves > .move')[2]?.textContent === '2. Bc4');
        assert.deepEqual(await mainline(page), ['1. e4', 'e5', '2. Bc4']);
        assert.match(await page.locator('.an-moves .variation').first().textContent(), /2\. Nf3/);

        // A comment and a symbol on 2. Bc4, then the PGN with all of it.
        await page.getByRole('button', { name: '!?', exact: true }).click();
        await page.getByLabel('Comment on this move').fill('The bishop first');
        await page.getByLabel('Comment on this move').blur();
        await page.getByRole('button', { name: 'Export PGN', exact: true }).click();
        const pgn = await page.locator('.pgn-out').inputValue();
        assert.match(pgn, /\[White "Anna"\]|\[Event "\?"\]/);
        assert.match(pgn, /1\. e4 e5 2\. Bc4 \$5 \{ The bishop first \} \( 2\. Nf3 Nc6 3\. Bb5 a6 \) \*/);
        assert.match(pgn, /\[Opening "Bishop's Opening"\]/);

        // The keyboard: back to the start, to the end of the line, back one.
        await page.locator('body').press('Home');
        await page.waitForFunction(() => !location.search.includes('line='));
        await page.locator('body').press('End');
        await page.waitForFunction(() => location.search.includes('line=e2e4_e7e5_f1c4'));
        await page.locator('body').press('ArrowLeft');
        await page.waitForFunction(() => /line=e2e4_e7e5(&|$)/.test(location.search));
        await page.locator('body').press('ArrowDown'); // no sibling of 1... e5: stays
        assert.match(page.url(), /line=e2e4_e7e5(&|$)/);

        // The address is enough to share the line.
        const shared = page.url();
        const { page: other } = await openPage(browser, { name: 'shared' });
        await other.goto(shared);
        await other.locator('.an-moves .move.current', { hasText: 'e5' }).waitFor();
        // No console error at all (the harness checks it too; chessground's style attribute, which
        // the CSP refuses, is dropped while bundling: scripts/chessground-csp.mjs).
        assert.deepEqual(errors, []);
    },
    current,
);

scenario(
    test,
    'analysis board: a finished game opened from its game page at the ply shown',
    45_000,
    async () => {
        const { context, page } = await openPage(browser, { name: 'game' });
        const game = await createGameApi(context, server.url, { mode: 'local' });
        for (const uci of ['e2e4', 'c7c5', 'g1f3']) {
            const r = await context.request.post(`${server.url}/api/v1/games/${game.id}/move/${uci}`, { headers: { Origin: server.url } });
            assert.equal(r.status(), 200, uci);
        }
        const resigned = await context.request.post(`${server.url}/api/v1/games/${game.id}/resign`, { headers: { Origin: server.url } });
        assert.equal(resigned.status(), 200);
        await page.goto(`${server.url}/game/${game.id}`);
        const link = page.getByRole('link', { name: 'Analyse', exact: true });
        await link.waitFor();
        assert.equal(await link.getAttribute('href'), `/analyse?game=${game.id}&ply=3`);
        await link.click();
        await page.locator('.an-moves .move.current', { hasText: 'Nf3' }).waitFor();
        assert.deepEqual(await mainline(page), ['1. e4', 'c5', '2. Nf3']);
        await page.locator('.opening', { hasText: 'Sicilian Defense' }).waitFor();
        await page.locator('.pv').first().waitFor();
    },
    current,
);

scenario(
    test,
    'analysis board: a Chess960 start from the explorer, with German words',
    45_000,
    async () => {
        const { page } = await openPage(browser, { name: 'c960', locale: 'de-DE' });
        await page.goto(`${server.url}/chess960?n=0`);
        await page.locator('.back-rank .letters', { hasText: 'BBQNNRKR' }).waitFor();
        await page.getByRole('link', { name: 'Analysieren', exact: true }).click();
        await page.waitForURL(/\/analyse\?fen=bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR_w_.*variant=chess960/);
        await page.locator('.engine-status', { hasText: /Tiefe \d+/ }).waitFor();
        await boardMove(page, 'g2', 'g3');
        await page.locator('.an-moves .move.current', { hasText: 'g3' }).waitFor();
        await page.getByRole('button', { name: 'PGN exportieren', exact: true }).click();
        assert.match(await page.locator('.pgn-out').inputValue(), /\[Variant "Chess960"\][\s\S]*1\. g3 \*/);
    },
    current,
);
