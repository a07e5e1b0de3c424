// Screenshots for the README: desktop (1280×800) and phone (390×844), German, gender-neutral German and English, into
// docs/screenshots/. The game page: a friend game with a clock, a few moves in, seen by White.
// The rules guide: the castling section, a forbidden castling just tried and explained.
// `npm run screenshots` (after `npm run build`; SCHACH_BIN as for the browser tests).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createGameApi, launchBrowser, openGame, openPage, play, playOnExercise, removeDir, startServer, tempDir, waitMoves, webDir } from './harness.mjs';

const out = resolve(webDir, '../docs/screenshots');
const line = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5', 'c2c3', 'g8f6'];
const shots = [
    { name: 'game-desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: 'game-phone', viewport: { width: 390, height: 844 }, isMobile: true },
];
const langs = [
    { lang: 'de', locale: 'de-DE', rules: '/regeln' },
    { lang: 'de-neutral', locale: 'de-DE', rules: '/regeln', pick: 'de-neutral' },
    { lang: 'en', locale: 'en-GB', rules: '/rules' },
];

/** The rules guide scrolled to the exercise of a forbidden castling, tried (e1c1) and explained. */
async function rulesShot(url, locale, pick, path, shot, file) {
    const viewer = await openPage(browser, { locale, lang: pick, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
    await viewer.page.goto(`${url}${path}`);
    await viewer.page.waitForFunction(() => [...document.querySelectorAll('.exercise .ex-seat')].every((e) => e.textContent.trim() !== ''));
    const exercise = viewer.page.locator('.exercise[data-exercise="castle-attacked"]');
    await playOnExercise(viewer.page, exercise, 'e1c1');
    await exercise.locator('.ex-feedback[data-result="refused"]').waitFor();
    await exercise.evaluate((e, block) => e.scrollIntoView({ block }), shot.isMobile ? 'start' : 'center');
    await viewer.page.waitForTimeout(300);
    await viewer.page.screenshot({ path: file });
    console.log(`wrote ${file}`);
    await viewer.context.close();
}

const dir = await tempDir();
const server = await startServer({ db: join(dir, 'games.db') });
const browser = await launchBrowser();
try {
    await mkdir(out, { recursive: true });
    for (const { lang, locale, rules, pick = null } of langs) {
        for (const shot of shots) await rulesShot(server.url, locale, pick, rules, shot, join(out, `${shot.name.replace('game', 'rules')}-${lang}.png`));
        const white = await openPage(browser, { locale, lang: pick, name: 'white' });
        const black = await openPage(browser, { locale, lang: pick, name: 'black' });
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
            const viewer = await openPage(browser, { locale, lang: pick, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
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
