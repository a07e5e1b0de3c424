// The tactics trainer against the real server in headless Chromium, as a person plays it, on
// three hand-made puzzles (fixtures/puzzles.csv: two back-rank mates in 2, a mate in 1): a theme
// filter chosen, a puzzle solved by clicking with the rating going up, the other failed with the
// refutation on the board and explained in words, the rating going down, the solution shown, and
// no puzzle left in the theme; the German page's words.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, removeDir, scenario, squareInBox, startServer, tempDir } from './harness.mjs';

const fixture = join(import.meta.dirname, 'fixtures', 'puzzles.csv');
let dir;
let server;
let browser;
const current = () => server;

before(async () => {
    dir = await tempDir();
    server = await startServer({ db: join(dir, 'games.db'), args: ['--puzzles', fixture] });
    browser = await launchBrowser();
});
after(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await removeDir(dir);
});

/** The middle of a square of the trainer's board. */
async function point(page, square) {
    await page.locator('.puzzle-board cg-board').scrollIntoViewIfNeeded();
    const black = ((await page.locator('.puzzle-board .board.cg-wrap').getAttribute('class')) ?? '').includes('orientation-black');
    return squareInBox(await page.locator('.puzzle-board cg-board').boundingBox(), square, black ? 'black' : 'white');
}

/** Clicks `from`, then `to` once the piece shows where it may go. */
async function clickMove(page, from, to) {
    const a = await point(page, from);
    await page.mouse.click(a.x, a.y);
    await page.waitForFunction(() => [...document.querySelectorAll('.puzzle-board cg-board square.move-dest')].some((q) => q.style.display !== 'none'));
    const b = await point(page, to);
    await page.mouse.click(b.x, b.y);
}

/** Waits until it is the player's turn. */
async function waitTurn(page) {
    await page.locator('.puzzle-status[data-phase="play"]').waitFor();
}

/** The white rook's file of the puzzle on the board: which of the two back-rank puzzles it is. */
async function rookSquare(page) {
    // The board draws in an animation frame after the status: first the opponent's Re2 on it.
    await page.waitForFunction(() => [...document.querySelectorAll('.puzzle-board cg-board piece')].some((p) => p.cgKey === 'e2' && p.className.startsWith('black rook')));
    return page.evaluate(() => {
        for (const p of document.querySelectorAll('.puzzle-board cg-board piece'))
            if (p.cgKey && p.className.startsWith('white rook') && p.cgKey[1] === '1') return p.cgKey;
        return null;
    });
}

async function shownRating(page) {
    const text = (await page.locator('.puzzle-rating-number').textContent()) ?? '';
    return Number(/\d+/.exec(text)?.[0]);
}

scenario(
    test,
    'tactics: a theme chosen, one puzzle solved by clicking, one failed with the refutation explained',
    90_000,
    async () => {
        const { page } = await openPage(browser, { name: 'trainer' });
        await page.goto(`${server.url}/puzzles`);
        await waitTurn(page);
        assert.equal(await shownRating(page), 1500);
        assert.match(await page.locator('.puzzle-collection').textContent(), /3 puzzles/);

        // The theme filter: back-rank mates only.
        await page.getByLabel('Back-rank mate (2)', { exact: true }).check();
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await waitTurn(page);
        assert.match(await page.locator('.puzzle-status').textContent(), /find the best move for White/);

        // Solved by clicking: the rook to the back rank, the reply, the mate.
        const rook = await rookSquare(page);
        assert.ok(rook === 'd1' || rook === 'c1', `rook on ${rook}`);
        const file = rook[0];
        await clickMove(page, rook, `${file}8`);
        await page.locator('.puzzle-status', { hasText: 'Right! Keep going.' }).waitFor();
        await waitTurn(page);
        await clickMove(page, `${file}8`, 'e8');
        await page.locator('.puzzle-status[data-phase="solved"]', { hasText: 'Solved!' }).waitFor();
        await page.locator('.puzzle-themes li', { hasText: 'Back-rank mate' }).waitFor();
        await page.locator('.puzzle-delta.up').waitFor();
        const afterSolve = await shownRating(page);
        assert.ok(afterSolve > 1500, `rating ${afterSolve} after a solve`);
        assert.match(await page.locator('.puzzle-counts').textContent(), /Solved: 1/);
        await page.locator('.rating-graph').waitFor();

        // The other back-rank puzzle, failed: the rook leaves the back rank and Re1# follows.
        await page.getByRole('button', { name: 'Next puzzle', exact: true }).click();
        await waitTurn(page);
        const other = await rookSquare(page);
        assert.ok(other && other !== rook, `the other puzzle (rook on ${other})`);
        await clickMove(page, other, `${other[0]}7`);
        const status = page.locator('.puzzle-status[data-phase="wrong"]');
        await status.waitFor();
        const text = (await status.textContent()) ?? '';
        assert.match(text, /is not the solution/);
        assert.match(text, /back-rank mate in 1: Re1#/);
        assert.match(await page.locator('.puzzle-refutation').textContent(), /The answer: Re1#/);
        // The refutation on the board: the black rook on e1.
        await page.waitForFunction(() => [...document.querySelectorAll('.puzzle-board cg-board piece')].some((p) => p.cgKey === 'e1' && p.className.startsWith('black rook')));
        await page.locator('.puzzle-delta.down').waitFor();
        const afterFail = await shownRating(page);
        assert.ok(afterFail < afterSolve, `rating ${afterFail} after a failure (was ${afterSolve})`);

        // Retry, then the solution shown.
        await page.getByRole('button', { name: 'Retry', exact: true }).click();
        await waitTurn(page);
        await page.getByRole('button', { name: 'Show the solution', exact: true }).click();
        await page.locator('.puzzle-status[data-phase="shown"]').waitFor();
        await page.locator('.puzzle-themes li', { hasText: 'Back-rank mate' }).waitFor();
        assert.match(await page.locator('.puzzle-counts').textContent(), /Solved: 1 · failed: 1/);

        // Every back-rank mate seen: the server says so.
        await page.getByRole('button', { name: 'Next puzzle', exact: true }).click();
        await page.locator('.puzzle-status[data-phase="empty"]', { hasText: 'no new puzzle left' }).waitFor();
    },
    current,
);

scenario(
    test,
    'tactics: the German page, a mate in one, the rating kept for the browser, a typed move explained',
    60_000,
    async () => {
        const { page } = await openPage(browser, { locale: 'de-DE', name: 'taktik' });
        await page.goto(`${server.url}/taktik`);
        await waitTurn(page);
        await page.getByLabel('Matt in 1 (1)', { exact: true }).check();
        await page.getByRole('button', { name: 'Übernehmen', exact: true }).click();
        await waitTurn(page);
        assert.match(await page.locator('.puzzle-status').textContent(), /finde den besten Zug für Weiß/);
        await page.getByRole('button', { name: 'Tipp', exact: true }).click();
        await page.locator('.puzzle-status', { hasText: 'Ziehe die Figur auf a1.' }).waitFor();
        await clickMove(page, 'a1', 'a8');
        await page.locator('.puzzle-status[data-phase="solved"]', { hasText: 'Gelöst!' }).waitFor();
        await page.locator('.puzzle-delta.up').waitFor();
        await page.locator('.puzzle-themes li', { hasText: 'Matt in 1' }).waitFor();
        const rating = await shownRating(page);
        assert.ok(rating > 1500);
        // Kept: the page loaded again shows the same rating.
        await page.reload();
        await waitTurn(page);
        assert.equal(await shownRating(page), rating);
        // A move typed (the keyboard's way), wrong: explained in German.
        const rook = await rookSquare(page);
        await page.getByLabel('Dein Zug (von und nach, z. B. e2e4)', { exact: true }).fill(`${rook}${rook[0]}7`);
        await page.getByRole('button', { name: 'Ziehen', exact: true }).click();
        const wrong = page.locator('.puzzle-status[data-phase="wrong"]');
        await wrong.waitFor();
        assert.match((await wrong.textContent()) ?? '', /ist nicht die Lösung\. Das erlaubt ein Grundreihenmatt in 1: Te1#\./);
    },
    current,
);
