// Screenshots of the analysis board for the README and the review: a game with a variation, a
// comment and the engine's lines, desktop (1280×800) and phone (390×844), German and English,
// into docs/screenshots/. `node test-browser/analysis-screenshots.mjs` (after `npm run build`).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchBrowser, openPage, removeDir, startServer, tempDir, webDir } from './harness.mjs';

const out = resolve(webDir, '../docs/screenshots');
const shots = [
    { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
];
const langs = [
    { lang: 'de', locale: 'de-DE' },
    { lang: 'en', locale: 'en-GB' },
];
const pgn = '1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5 4. c3 { Giuoco Piano }) 3... a6 4. Ba4 Nf6 5. O-O Be7 *';

const dir = await tempDir();
const server = await startServer({ db: join(dir, 'games.db') });
const browser = await launchBrowser();
const errors = [];
try {
    await mkdir(out, { recursive: true });
    for (const { lang, locale } of langs) {
        for (const shot of shots) {
            const { context, page } = await openPage(browser, { locale, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
            page.on('console', (m) => {
                if (m.type() === 'error') errors.push(`${lang}-${shot.name}: ${m.text()}`);
            });
            await page.goto(`${server.url}/analyse`);
            await page.locator('.analysis cg-board').waitFor();
            await page.locator('.an-load textarea').fill(pgn);
            await page.locator('.an-load button[type=submit]').nth(1).click();
            await page.locator('.an-moves > .move').nth(9).waitFor();
            await page.locator('.an-moves .variation .move').nth(2).click(); // 3... Bc5 in the variation
            await page.locator('.engine-status').filter({ hasText: /(Tiefe|Depth) 1[0-9]/ }).waitFor({ timeout: 30_000 });
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.waitForTimeout(300);
            const path = join(out, `analysis-${shot.name}-${lang}.png`);
            await page.screenshot({ path, fullPage: shot.isMobile });
            console.log(`wrote ${path}`);
            await context.close();
        }
    }
} finally {
    await browser.close();
    await server.stop();
    await removeDir(dir);
}
if (errors.length > 0) console.log(`console errors:\n${errors.join('\n')}`);
