// Screenshots of the tool pages for the README: the Chess960 explorer (with the castling
// trainer below) and the chess clock, desktop (1280×800) and phone (390×844), German and
// English, into docs/screenshots/. `npm run screenshots:tools` (after `npm run build`).
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

const dir = await tempDir();
const server = await startServer({ db: join(dir, 'games.db') });
const browser = await launchBrowser();
try {
    await mkdir(out, { recursive: true });
    for (const { lang, locale } of langs) {
        for (const shot of shots) {
            const { context, page } = await openPage(browser, { locale, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
            // The explorer at number 0, the derivation beside the board.
            await page.goto(`${server.url}/chess960`);
            await page.locator('.back-rank .letters').first().waitFor();
            await page.locator('.c960-form input[type=number]').first().fill('0');
            await page.locator('.c960-form button[type=submit]').click();
            await page.locator('.back-rank .letters', { hasText: 'BBQNNRKR' }).waitFor();
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.waitForTimeout(200);
            let path = join(out, `chess960-${shot.name}-${lang}.png`);
            await page.screenshot({ path });
            console.log(`wrote ${path}`);
            // The clock at 5+3, a few moves in, White to move.
            await page.goto(`${server.url}/${lang === 'en' ? 'clock' : 'uhr'}?tc=${encodeURIComponent('40/90+30,30+30')}`);
            await page.locator('.tc-class-name').waitFor();
            await page.locator('.clock-setup button.primary').click();
            await page.locator('.dc-black').click();
            for (let i = 0; i < 4; i++) {
                await page.waitForTimeout(150);
                await page.locator(i % 2 === 0 ? '.dc-white' : '.dc-black').click();
            }
            await page.waitForTimeout(300);
            path = join(out, `clock-${shot.name}-${lang}.png`);
            await page.screenshot({ path });
            console.log(`wrote ${path}`);
            await context.close();
        }
    }
} finally {
    await browser.close();
    await server.stop();
    await removeDir(dir);
}
