// The browser tests' harness: `schach serve` as a child process (free port, fresh database in a
// temporary directory, the built page of web/dist) or, with SCHACH_BROWSER_CLUSTER=N, a cluster of
// N nodes on a throw-away PostgreSQL behind haproxy (scripts/cluster.sh, docs/cluster.md), the
// page then talking to the proxy; Debian's Chromium driven by playwright-core,
// and small helpers to play on the page as a person would (clicks on the board, the move field,
// the buttons by their names). Screenshots of every open page go to test-browser/artifacts/ when
// a scenario fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, '..');
export const distDir = join(webDir, 'dist');
export const artifactsDir = join(here, 'artifacts');
/** The server under test; relative paths are taken from web/. */
export const schachBin = resolve(webDir, process.env.SCHACH_BIN ?? '../build/release/schach');
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Nodes of a cluster to test against instead of one server (SCHACH_BROWSER_CLUSTER; 0: one server). */
export const clusterNodes = Number(process.env.SCHACH_BROWSER_CLUSTER ?? 0);
const clusterScript = resolve(webDir, '../scripts/cluster.sh');

/** How long the server may take to print its address. */
const StartTimeout = 15_000;

/** Every server started and not yet stopped: killed when this process ends, whatever happens. */
const running = new Set();
/** The directories of the clusters started and not yet stopped: stopped when this process ends. */
const clusters = new Set();
process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
    for (const dir of clusters) spawnSync('bash', [clusterScript, 'stop'], { env: clusterEnv(dir, []), stdio: 'ignore' });
});

function clusterEnv(dir, args) {
    return { ...process.env, CLUSTER_DIR: dir, NODES: String(clusterNodes), SCHACH_BIN: schachBin, NODE_ARGS: args.join(' ') };
}

/** Runs scripts/cluster.sh `command` for the cluster in `dir`; its output, or an error with it. */
function runCluster(command, dir, args) {
    return new Promise((res, rej) => {
        const child = spawn('bash', [clusterScript, command], { env: clusterEnv(dir, args), stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk.toString()));
        child.stderr.on('data', (chunk) => (output += chunk.toString()));
        child.once('exit', (code) => (code === 0 ? res(output) : rej(new Error(`scripts/cluster.sh ${command} failed:\n${output}`))));
    });
}

/** A cluster of `clusterNodes` nodes with `args` each, in a fresh directory; the same shape as
 * startServer's answer (a node cannot be killed through it: kill() throws). */
async function startCluster(args) {
    const dir = await mkdtemp(join(tmpdir(), 'schach-browser-cluster-'));
    clusters.add(dir);
    try {
        await runCluster('start', dir, args);
    } catch (e) {
        clusters.delete(dir);
        await removeDir(dir);
        throw e;
    }
    const url = (await readFile(join(dir, 'url'), 'utf8')).trim();
    let stopped = null;
    return {
        url,
        port: Number(new URL(url).port),
        output: '',
        async stop() {
            stopped ??= runCluster('stop', dir, args).finally(async () => {
                clusters.delete(dir);
                await removeDir(dir);
            });
            return stopped;
        },
        async kill() {
            throw new Error('a cluster is not killed as one server');
        },
    };
}

/** A fresh temporary directory for a database; removed by `removeDir`. */
export async function tempDir() {
    return mkdtemp(join(tmpdir(), 'schach-browser-'));
}

export async function removeDir(dir) {
    await rm(dir, { recursive: true, force: true });
}

/**
 * Starts `schach serve --port <port> --db <db> --static web/dist [extraArgs…]` and waits for the address it
 * prints ("… http://127.0.0.1:PORT"). Returns { url, port, child, output, stop(), kill() }.
 */
export async function startServer({ db, port = 0, args: extra = [] }) {
    if (!existsSync(schachBin)) throw new Error(`no server at ${schachBin} (build it, or set SCHACH_BIN)`);
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no page in ${distDir} (npm run build)`);
    // Every test's browser is one address: the limits per address (tested in C++) are off here.
    const common = ['--engine-threads', '1', '--threads', '2', '--connections-per-address', '0', '--games-per-minute', '0',
        '--games-per-hour', '0', '--computer-games-per-address', '0'];
    if (clusterNodes > 0) return startCluster([...common, ...extra]);
    const args = ['serve', '--port', String(port), '--db', db, '--static', distDir, ...common, ...extra];
    const child = spawn(schachBin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));
    exited.then(() => running.delete(child));
    const url = await new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`schach serve printed no address in ${StartTimeout} ms:\n${output}`)), StartTimeout);
        const onData = (chunk) => {
            output += chunk.toString();
            const m = /http:\/\/[^\s]+:(\d+)/.exec(output);
            if (m) {
                clearTimeout(timer);
                res(m[0].replace(/[.,;]$/, ''));
            }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', (chunk) => (output += chunk.toString()));
        exited.then(({ code, signal }) => {
            clearTimeout(timer);
            rej(new Error(`schach serve ended (${code ?? signal}) before it printed its address:\n${output}`));
        });
    });
    const server = {
        url,
        port: Number(new URL(url).port),
        child,
        get output() {
            return output;
        },
        exited,
        /** SIGTERM, then SIGKILL after 5 s. */
        async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return exited;
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            const r = await exited;
            clearTimeout(timer);
            return r;
        },
        /** SIGKILL: no clean shutdown at all. */
        async kill() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            return exited;
        },
    };
    return server;
}

/** A headless Chromium (one per test file). */
export async function launchBrowser() {
    return chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--mute-audio'] });
}

/** The pages opened through `openPage`, for the screenshots of a failure. */
const openPages = new Set();
/** Uncaught exceptions, console errors and Content-Security-Policy violations on the pages of
 * the running scenario: each fails it. */
const pageErrors = [];
/** Console errors the running scenario expects (its `allowConsole` patterns). */
let allowedConsole = [];

/** An answer of the API with an error status is a result the page shows (a refused join, a
 * review not asked for yet): Chromium logs each such response as a console error, which is not
 * a fault of the page. Anything else logged as an error is. */
function expectedConsoleError(text, url) {
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && /\/api\//.test(url)) return true;
    return allowedConsole.some((re) => re.test(text));
}

/** A new browser context (its own cookies: one person) and a page in it. */
/** A browser context and page. `lang`: a language chosen on the page (as its menu stores it, the
 * `lang` cookie), e.g. 'de-neutral', which no browser locale selects. */
export async function openPage(browser, { locale = 'en-GB', viewport = { width: 1280, height: 800 }, name = 'page', isMobile = false, lang = null } = {}) {
    const context = await browser.newContext({ locale, viewport, isMobile, hasTouch: isMobile, deviceScaleFactor: isMobile ? 2 : 1, reducedMotion: 'reduce' });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    page.schachName = name;
    page.on('pageerror', (e) => pageErrors.push(`${name}: ${e}`));
    page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        // SCHACH_BROWSER_CONSOLE=1: every console error, expected or not, on stderr.
        if (process.env.SCHACH_BROWSER_CONSOLE) process.stderr.write(`console ${name}: ${text}\n`);
        const url = msg.location()?.url ?? '';
        if (!expectedConsoleError(text, url)) pageErrors.push(`${name}: console error: ${text} (${url})`);
    });
    // A CSP violation is reported to the console too; the event makes sure none is missed.
    await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
            console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
        });
    });
    if (lang) await page.addInitScript((l) => { document.cookie = `lang=${l}; Path=/; SameSite=Lax`; }, lang);
    openPages.add(page);
    context.on('close', () => openPages.delete(page));
    return { context, page };
}

/** Screenshots of every open page into artifacts/, named after the test. */
export async function screenshotAll(testName) {
    await mkdir(artifactsDir, { recursive: true });
    const base = testName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
    for (const page of openPages) {
        if (page.isClosed()) continue;
        const file = join(artifactsDir, `${base}-${page.schachName}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 5000 }).catch(() => undefined);
    }
}

/** Closes every context opened by `openPage`. */
export async function closeAll() {
    for (const page of [...openPages]) await page.context().close().catch(() => undefined);
    openPages.clear();
}

/**
 * A scenario for node:test's `test`: bounded in time; on failure screenshots of all pages (and
 * the server's output) before the contexts close.
 */
/** One server (fresh database) and one browser for the scenarios of a file: started before them
 * (`ready` gets both), stopped and removed after them. */
export function shareServerAndBrowser(before, after, ready, args = []) {
    let dir;
    let server;
    let browser;
    before(async () => {
        dir = await tempDir();
        server = await startServer({ db: join(dir, 'games.db'), args });
        browser = await launchBrowser();
        ready(server, browser);
    });
    after(async () => {
        await browser?.close();
        await server?.stop();
        if (dir) await removeDir(dir);
    });
}

/** How many times a failed scenario runs again (SCHACH_BROWSER_RETRIES, default 1). A scenario that
 * passes on a later try still passes, but says so: a diagnostic `# flaky: NAME: ERROR` in the
 * test's output, which .ci/run lists at the end of its run. */
export const retries = Number(process.env.SCHACH_BROWSER_RETRIES ?? 1);

/** `options.allowConsole`: patterns of console errors this scenario expects (e.g. the socket
 * failing while the server is killed). */
export function scenario(test, name, timeout, fn, getServer = () => null, options = {}) {
    // Our own limit (with screenshots), inside node:test's (which would only cancel the test).
    test(name, { timeout: (timeout + 15_000) * (retries + 1) }, async (t) => {
        for (let attempt = 0; ; ++attempt) {
            try {
                await attemptScenario(t, name, timeout, fn, getServer, options);
                return;
            } catch (e) {
                if (attempt >= retries) throw e;
                const line = `flaky: ${name}: ${String(e?.message ?? e).split('\n')[0]}`;
                t.diagnostic(line);
            }
        }
    });
}

async function attemptScenario(t, name, timeout, fn, getServer, options) {
    let timer;
    const limit = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the scenario took longer than ${timeout} ms`)), timeout);
    });
    pageErrors.length = 0;
    allowedConsole = options.allowConsole ?? [];
    try {
        await Promise.race([fn(t), limit]);
        // On one line: the retry's `# flaky` diagnostic and CI's digest show only a message's first.
        if (pageErrors.length > 0) throw new Error(`errors on the page: ${pageErrors.join(' | ')}`);
    } catch (e) {
        await screenshotAll(name);
        const server = getServer();
        if (server) t.diagnostic(`server output:\n${server.output.slice(-3000)}`);
        throw e;
    } finally {
        clearTimeout(timer);
        await closeAll();
    }
}

// ---- The HTTP API (for setting games up; the page's own requests go through the page) ----------

/** POST /api/v1/games from a context (its cookie jar gets the seat cookie). */
export async function createGameApi(context, url, body) {
    const r = await context.request.post(`${url}/api/v1/games`, { data: body, headers: { Origin: url } });
    if (r.status() !== 201) throw new Error(`POST /api/v1/games ${JSON.stringify(body)}: ${r.status()} ${await r.text()}`);
    return r.json();
}

/** GET /api/v1/games/{id}: the server's state of the game. */
export async function gameState(context, url, id) {
    const r = await context.request.get(`${url}/api/v1/games/${id}`);
    if (!r.ok()) throw new Error(`GET /api/v1/games/${id}: ${r.status()}`);
    return r.json();
}

// ---- On the page ---------------------------------------------------------------------------------

/** Opens /game/{id} and waits for the board and the first picture of the game. */
export async function openGame(page, url, path) {
    await page.goto(`${url}${path}`);
    await page.locator('cg-board').waitFor();
    await page.locator('.seat').filter({ hasText: /\S/ }).waitFor();
}

/** The board's orientation: 'white' or 'black'. */
async function orientation(page) {
    const cls = (await page.locator('.cg-wrap').first().getAttribute('class')) ?? '';
    return cls.includes('orientation-black') ? 'black' : 'white';
}

/** The middle of `square` in a board's bounding `box`, the board seen from `orientation`. */
export function squareInBox(box, square, orientation) {
    if (!box) throw new Error('no board on the page');
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square[1]) - 1;
    const white = orientation === 'white';
    const col = white ? file : 7 - file;
    const row = white ? 7 - rank : rank;
    return { x: box.x + ((col + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 };
}

/** The middle of a square of the game page's board on the screen. */
async function squarePoint(page, square) {
    await page.locator('cg-board').scrollIntoViewIfNeeded();
    return squareInBox(await page.locator('cg-board').boundingBox(), square, await orientation(page));
}

/** Clicks `from`, then `to` on the board (chessground's click-click move) once the selected
 * piece shows where it may go (the page has the server's moves for it). */
export async function clickMove(page, from, to) {
    const a = await squarePoint(page, from);
    await page.mouse.click(a.x, a.y);
    // (chessground keeps unused squares hidden for reuse: only a shown one counts)
    await page.waitForFunction(() => [...document.querySelectorAll('cg-board square.move-dest')].some((q) => q.style.display !== 'none'));
    const b = await squarePoint(page, to);
    await page.mouse.click(b.x, b.y);
}

/** The moves in the page's move list, as shown (SAN in the chosen letters). */
export async function shownMoves(page) {
    return page.locator('.move-list .move:not(.placeholder)').allTextContents();
}

/** Waits until the page's move list has `n` moves. */
export async function waitMoves(page, n, timeout = 10_000) {
    await page.waitForFunction((count) => document.querySelectorAll('.move-list .move:not(.placeholder)').length >= count, n, { timeout });
    return shownMoves(page);
}

/** Types a move into the move field and sends it. */
export async function typeMove(page, text) {
    const input = page.locator('.move-input');
    await input.fill(text);
    await input.press('Enter');
}

/**
 * Plays `uci` by clicking the board once the page shows the position after `ply` moves and it is
 * this page's turn (the move list has `ply` moves and the moving piece is ours to move).
 */
export async function play(page, ply, uci) {
    await page.waitForFunction((p) => document.querySelectorAll('.move-list .move:not(.placeholder)').length === p, ply);
    await page.waitForFunction(() => !document.querySelector('.game.offline'));
    await clickMove(page, uci.slice(0, 2), uci.slice(2, 4));
    await waitMoves(page, ply + 1);
}

/** A button of the game page by its visible name. */
export function buttonNamed(page, name) {
    return page.getByRole('button', { name, exact: true });
}

/** The result text the page shows once the game is over. */
export async function resultText(page) {
    const result = page.locator('.controls .result-text');
    await result.waitFor();
    return (await result.textContent()) ?? '';
}

// ---- The rules guide ------------------------------------------------------------------------------

/** The promotion chooser's buttons, in order. */
const PromotionOrder = ['q', 'n', 'r', 'b'];

/** The middle of `square` on the board of an exercise of the rules guide (its `.exercise`). */
async function exerciseSquarePoint(exercise, square) {
    const board = exercise.locator('cg-board');
    await board.scrollIntoViewIfNeeded();
    const black = ((await exercise.locator('.board.cg-wrap').getAttribute('class')) ?? '').includes('orientation-black');
    return squareInBox(await board.boundingBox(), square, black ? 'black' : 'white');
}

/** Plays `uci` on the exercise's board by clicking its squares (and the promotion piece). */
export async function playOnExercise(page, exercise, uci) {
    // The piece is taken once the board marks it selected (a click while the page still moves
    // can miss: then once more).
    // (chessground keeps squares it no longer uses hidden, with their old classes: a shown one counts)
    const selected = exercise.locator('cg-board square.selected').filter({ visible: true }).first();
    for (let attempt = 0; ; ++attempt) {
        const a = await exerciseSquarePoint(exercise, uci.slice(0, 2));
        await page.mouse.click(a.x, a.y);
        const ok = await selected.waitFor({ timeout: 2000 }).then(() => true, () => false);
        if (ok) break;
        if (attempt === 2) throw new Error(`${uci}: the piece on ${uci.slice(0, 2)} could not be taken`);
    }
    const b = await exerciseSquarePoint(exercise, uci.slice(2, 4));
    await page.mouse.click(b.x, b.y);
    if (uci.length === 5) await exercise.locator('.promotion-choice').nth(PromotionOrder.indexOf(uci[4])).click();
}

// ---- The review ------------------------------------------------------------------------------------

/** The squares of `piece` (a FEN letter) in `fen`. */
export function squaresOf(fen, piece) {
    const out = [];
    fen.split(' ')[0].split('/').forEach((row, i) => {
        let file = 0;
        for (const c of row) {
            if (/\d/.test(c)) file += Number(c);
            else {
                if (c === piece) out.push(`${'abcdefgh'[file]}${8 - i}`);
                file += 1;
            }
        }
    });
    return out;
}

/**
 * A game against the computer at level 1, made on the start page and lost on purpose as a
 * beginner might: 1.e4, the queen out to h5, then the queen thrown away (Qxf7+, Qxg6 or Qxh7
 * where the position allows, each loses the queen for a pawn), and resigned. Returns the id.
 */
export async function loseToComputer(page, url, { level = 1, labels = { computer: 'Against the computer', level: 'Level of the computer (1–8)', white: 'White', tc: 'Time control (minutes + seconds per move)', create: 'Create game', resign: 'Resign', yes: 'Yes, resign' } } = {}) {
    await page.goto(`${url}/`);
    await page.getByLabel(labels.computer).check();
    await page.getByLabel(labels.level).selectOption(String(level));
    await page.getByLabel(labels.white, { exact: true }).check();
    await page.getByLabel(labels.tc).selectOption('none');
    await page.getByRole('button', { name: labels.create }).click();
    await page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    const id = new URL(page.url()).pathname.split('/')[2];
    await page.locator('cg-board').waitFor();
    const state = async () => (await page.context().request.get(`${url}/api/v1/games/${id}`)).json();
    await play(page, 0, 'e2e4');
    await waitMoves(page, 2, 30_000);
    let s = await state();
    await play(page, 2, s.dests.d1.includes('h5') ? 'd1h5' : `d1${s.dests.d1[0]}`);
    await waitMoves(page, 4, 30_000);
    s = await state();
    const queen = squaresOf(s.fen, 'Q')[0];
    const targets = queen ? (s.dests[queen] ?? []) : [];
    const sacrifice = ['f7', 'g6', 'h7'].find((sq) => targets.includes(sq));
    const [from, tos] = sacrifice ? [queen, [sacrifice]] : Object.entries(s.dests)[0];
    await play(page, 4, `${from}${tos[0]}`);
    await waitMoves(page, 6, 30_000);
    s = await state();
    if (s.status !== 'over') {
        await buttonNamed(page, labels.resign).click();
        await buttonNamed(page, labels.yes).click();
    }
    await resultText(page);
    return id;
}

/** GET /api/v1/games/{id}/analysis in English. */
export async function analysisOf(context, url, id) {
    const r = await context.request.get(`${url}/api/v1/games/${id}/analysis?lang=en`);
    if (!r.ok()) throw new Error(`GET analysis of ${id}: ${r.status()} ${await r.text()}`);
    return r.json();
}
