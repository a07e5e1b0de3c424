// Screenshots of the game page for the README: desktop (1280×800) and phone (390×844), German
// and English, into docs/screenshots/. A friend game with a clock, a few moves in, seen by White.
// `npm run screenshots` (after `npm run build`; SCHACH_BIN as for the browser tests).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createGameApi, launchBrowser, openGame, openPage, play, removeDir, startServer, tempDir, waitMoves, webDir } from './harness.mjs';

const out = resolve(webDir, '../docs/screenshots');
const line = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5', 'c2c3', 'g8f6'];
const shots = [
    { name: 'game-desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: 'game-phone', viewport: { width: 390, height: 844 }, isMobile: true },
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
        const white = await openPage(browser, { locale, name: 'white' });
        const black = await openPage(browser, { locale, name: 'black' });
        const game = await createGameApi(white.context, server.url, { mode: 'friend', color: 'white', tc: '5+3' });
        await openGame(white.page, server.url, game.urls.play);
        await openGame(black.page, server.url, game.urls.invite);
        for (const [ply, uci] of line.entries()) await play(ply % 2 === 0 ? white.page : black.page, ply, uci);
        await waitMoves(white.page, line.length);
        // The white seat's cookie in a context of each size.
        const cookies = await white.context.cookies();
        await white.context.close();
        await black.context.close();
        for (const shot of shots) {
            const viewer = await openPage(browser, { locale, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
            await viewer.context.addCookies(cookies);
            await openGame(viewer.page, server.url, game.urls.play);
            await waitMoves(viewer.page, line.length);
            await viewer.page.waitForTimeout(300);
            const path = join(out, `${shot.name}-${lang}.png`);
            await viewer.page.screenshot({ path, fullPage: shot.isMobile });
            console.log(`wrote ${path}`);
            await viewer.context.close();
        }
    }
} finally {
    await browser.close();
    await server.stop();
    await removeDir(dir);
}
