// Screenshots of the tactics trainer for the README: desktop (1280×800) and phone (390×844),
// German and English, into docs/screenshots/. On the hand-made puzzles of fixtures/puzzles.csv:
// one back-rank mate solved (the rating graph gets its first point), the other failed, so the
// picture shows the refutation on the board and explained. `npm run screenshots:puzzles` (after
// `npm run build`).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchBrowser, openPage, removeDir, squareInBox, startServer, tempDir, webDir } from './harness.mjs';

const out = resolve(webDir, '../docs/screenshots');
const fixture = join(import.meta.dirname, 'fixtures', 'puzzles.csv');
const shots = [
    { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
];
const langs = [
    { lang: 'de', locale: 'de-DE', path: '/taktik', theme: 'Grundreihenmatt (2)', apply: 'Übernehmen', next: 'Nächste Aufgabe' },
    { lang: 'en', locale: 'en-GB', path: '/puzzles', theme: 'Back-rank mate (2)', apply: 'Apply', next: 'Next puzzle' },
];

async function clickMove(page, from, to) {
    const box = await page.locator('.puzzle-board cg-board').boundingBox();
    const a = squareInBox(box, from, 'white');
    await page.mouse.click(a.x, a.y);
    await page.waitForFunction(() => [...document.querySelectorAll('.puzzle-board cg-board square.move-dest')].some((q) => q.style.display !== 'none'));
    const b = squareInBox(box, to, 'white');
    await page.mouse.click(b.x, b.y);
}

async function rook(page) {
    // The board draws in an animation frame after the status: first the opponent's Re2 on it.
    await page.waitForFunction(() => [...document.querySelectorAll('.puzzle-board cg-board piece')].some((p) => p.cgKey === 'e2' && p.className.startsWith('black rook')));
    return page.evaluate(() => {
        for (const p of document.querySelectorAll('.puzzle-board cg-board piece'))
            if (p.cgKey && p.className.startsWith('white rook') && p.cgKey[1] === '1') return p.cgKey;
        return null;
    });
}

const dir = await tempDir();
const server = await startServer({ db: join(dir, 'games.db'), args: ['--puzzles', fixture] });
const browser = await launchBrowser();
try {
    await mkdir(out, { recursive: true });
    for (const l of langs) {
        for (const shot of shots) {
            const { context, page } = await openPage(browser, { locale: l.locale, viewport: shot.viewport, isMobile: shot.isMobile, name: shot.name });
            await page.goto(`${server.url}${l.path}`);
            await page.locator('.puzzle-status[data-phase="play"]').waitFor();
            await page.getByLabel(l.theme, { exact: true }).check();
            await page.getByRole('button', { name: l.apply, exact: true }).click();
            await page.locator('.puzzle-status[data-phase="play"]').waitFor();
            let r = await rook(page);
            await clickMove(page, r, `${r[0]}8`);
            await page.locator('.puzzle-status[data-phase="play"]').waitFor();
            await clickMove(page, `${r[0]}8`, 'e8');
            await page.locator('.puzzle-status[data-phase="solved"]').waitFor();
            await page.getByRole('button', { name: l.next, exact: true }).click();
            await page.locator('.puzzle-status[data-phase="play"]').waitFor();
            r = await rook(page);
            await clickMove(page, r, `${r[0]}7`);
            await page.locator('.puzzle-status[data-phase="wrong"]').waitFor();
            await page.waitForFunction(() => [...document.querySelectorAll('.puzzle-board cg-board piece')].some((p) => p.cgKey === 'e1' && p.className.startsWith('black rook')));
            await page.locator('.puzzle-delta.down').waitFor();
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.waitForTimeout(300);
            const path = join(out, `puzzles-${shot.name}-${l.lang}.png`);
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
