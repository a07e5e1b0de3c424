// Screenshots of the review and of "learn from your mistakes": desktop (1280×800) and phone
// (390×844), German, gender-neutral German and English, into docs/screenshots/ (the review as the whole page). A game against level 1
// lost on purpose (harness.loseToComputer), its analysis at a small budget; the review with the
// first blunder shown, and a refused try in "learn from your mistakes".
// `npm run screenshots:review` (after `npm run build`; SCHACH_BIN as for the browser tests).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { analysisOf, clickMove, launchBrowser, loseToComputer, openPage, removeDir, startServer, tempDir, webDir } from './harness.mjs';

const out = resolve(webDir, '../docs/screenshots');
const shots = [
    { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
];
const langs = [
    { lang: 'de', locale: 'de-DE' },
    { lang: 'de-neutral', locale: 'de-DE', pick: 'de-neutral' },
    { lang: 'en', locale: 'en-GB' },
];

const dir = await tempDir();
const server = await startServer({ db: join(dir, 'games.db'), args: ['--analysis-nodes', '20000'] });
const browser = await launchBrowser();
try {
    await mkdir(out, { recursive: true });
    const player = await openPage(browser, { name: 'player' });
    const id = await loseToComputer(player.page, server.url);
    const url = server.url;
    await player.context.request.post(`${url}/api/v1/games/${id}/analysis`, { data: {}, headers: { Origin: url } });
    let analysis = await analysisOf(player.context, url, id).catch(() => null);
    for (let i = 0; i < 600 && analysis?.status !== 'done'; ++i) {
        await new Promise((r) => setTimeout(r, 500));
        analysis = await analysisOf(player.context, url, id).catch(() => null);
    }
    if (analysis?.status !== 'done') throw new Error('the analysis did not finish');
    const first = analysis.plies.find((p) => p.ply % 2 === 1 && (p.judgement === 'mistake' || p.judgement === 'blunder') && p.best);
    const cookies = await player.context.cookies();
    await player.context.close();
    for (const { lang, locale, pick = null } of langs) {
        for (const shot of shots) {
            const viewer = await openPage(browser, { locale, lang: pick, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
            await viewer.context.addCookies(cookies.filter((c) => c.name !== 'lang'));
            const { page } = viewer;
            await page.goto(`${url}/game/${id}`);
            await page.locator('.eval-graph').waitFor();
            await page.locator('.move-list .move.j-blunder').first().click();
            await page.waitForTimeout(300);
            let path = join(out, `review-${shot.name}-${lang}.png`);
            await page.screenshot({ path, fullPage: true }); // the graph and the figures below the board too
            console.log(`wrote ${path}`);
            await page.locator('.learn-start').click();
            await page.locator('.review-comment[data-phase="try"]').waitFor();
            if (first) {
                await clickMove(page, first.uci.slice(0, 2), first.uci.slice(2, 4));
                await page.locator('.review-comment[data-phase="refused"]').waitFor({ timeout: 60_000 });
            }
            if (!shot.isMobile) await page.locator('.review-comment').scrollIntoViewIfNeeded();
            await page.waitForTimeout(300);
            path = join(out, `learn-${shot.name}-${lang}.png`);
            await page.screenshot({ path, fullPage: shot.isMobile });
            console.log(`wrote ${path}`);
            await viewer.context.close();
        }
    }
} finally {
    await browser.close();
    await server.stop();
    await removeDir(dir);
}
