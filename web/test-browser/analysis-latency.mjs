// Measures how soon the analysis board shows the engine's first line after a move: for each
// move of a game (the page stepping through it, each step a new position for the server) the
// time from the key press to the first line on the page, measured in the page. A measurement, not a test: it prints
// the figures for docs/review.md. `node test-browser/analysis-latency.mjs` (after the builds).
import { join } from 'node:path';
import { launchBrowser, openPage, removeDir, startServer, tempDir } from './harness.mjs';

const pgn =
    '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 O-O 10. O-O-O Nbd7 11. g4 b5 12. g5 b4 13. Ne2 Ne8 14. f4 a5 15. f5 a4 16. Nbd4 exd4 17. Nxd4 b3 18. Kb1 bxc2+ 19. Nxc2 Bb3 20. axb3 axb3 *';

const dir = await tempDir();
const server = await startServer({ db: join(dir, 'games.db') });
const browser = await launchBrowser();
const times = [];
try {
    const { page } = await openPage(browser, { name: 'latency' });
    await page.goto(`${server.url}/analyse`);
    await page.locator('.pv').first().waitFor();
    await page.locator('.an-load textarea').fill(pgn);
    await page.locator('.an-load button[type=submit]').nth(1).click();
    await page.locator('.an-moves > .move').nth(39).waitFor();
    await page.locator('body').press('Home');
    await page.locator('.pv').first().waitFor();
    // Measured inside the page (no round trip to the test driver in the figures): from the key's
    // keydown to the first engine line drawn for the new position.
    await page.evaluate(() => {
        const w = window;
        w.latency = [];
        let t0 = null;
        document.addEventListener('keydown', () => {
            t0 = performance.now();
        }, true);
        new MutationObserver(() => {
            if (t0 !== null && document.querySelector('.pv')) {
                w.latency.push(performance.now() - t0);
                t0 = null;
            }
        }).observe(document.querySelector('.engine-slot'), { childList: true, subtree: true });
    });
    for (let i = 0; i < 40; ++i) {
        await page.waitForTimeout(400); // a person's pace (and below the socket's rate limit)
        await page.locator('body').press('ArrowRight');
        await page.waitForFunction((n) => window.latency.length >= n, i + 1);
    }
    times.push(...(await page.evaluate(() => window.latency)));
} finally {
    await browser.close();
    await server.stop();
    await removeDir(dir);
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
console.log(`first engine line after a move: n=${times.length} median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms, min ${at(0)} ms`);
