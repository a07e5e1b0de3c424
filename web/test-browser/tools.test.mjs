// The tool pages against the real server in headless Chromium: the Chess960 explorer (numbers 0,
// 518, 959 and back), every castling case of the Chess960 text played through on the trainer's
// board, the clock page (a flag at 1+0, the FIDE class of a control) and the PGN checker.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, scenario, shareServerAndBrowser, squareInBox } from './harness.mjs';

let browser;
let server;
const current = () => server;
shareServerAndBrowser(before, after, (s, b) => {
    server = s;
    browser = b;
});

/** Shows number `n` on the explorer and returns the back rank the page shows. */
async function showNumber(page, n) {
    await page.getByLabel('Number (0–959)', { exact: true }).fill(String(n));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.locator('.c960-title', { hasText: `Starting position ${n}` }).waitFor();
    return (await page.locator('.back-rank .letters').first().textContent()).trim();
}

/** The pieces on the trainer's board: square → chessground's class ("white king"). */
async function trainerPieces(page) {
    return page.evaluate(() => {
        const out = {};
        for (const p of document.querySelectorAll('.castling-trainer cg-board piece')) if (p.cgKey && !p.classList.contains('ghost')) out[p.cgKey] = p.className.replace(/ (anim|fading|dragging)/g, '');
        return out;
    });
}

/** Waits until the trainer's board shows `expected` (square → class, undefined: empty). */
async function waitPieces(page, expected, what) {
    try {
        await page.waitForFunction((want) => {
            const have = {};
            for (const p of document.querySelectorAll('.castling-trainer cg-board piece'))
                if (p.cgKey && !p.classList.contains('ghost')) have[p.cgKey] = p.className.replace(/ (anim|fading|dragging)/g, '');
            return Object.entries(want).every(([sq, cls]) => (cls === null ? have[sq] === undefined : have[sq] === cls));
        }, expected, { timeout: 3000 });
    } catch {
        assert.fail(`${what}: expected ${JSON.stringify(expected)}, the board has ${JSON.stringify(await trainerPieces(page))}`);
    }
}

/** Clicks `from`, then `to` on the trainer's board (white at the bottom). */
async function trainerMove(page, from, to) {
    await page.locator('.castling-trainer cg-board').scrollIntoViewIfNeeded();
    // The scroll event (after which chessground measures its board again) comes a frame later.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const box = await page.locator('.castling-trainer cg-board').boundingBox();
    const point = (sq) => squareInBox(box, sq, 'white');
    const a = point(from);
    await page.mouse.click(a.x, a.y);
    await page.waitForFunction(() => [...document.querySelectorAll('.castling-trainer cg-board square.move-dest')].some((q) => q.style.display !== 'none'), null, { timeout: 3000 }).catch(async () => {
        const info = await page.evaluate(() => ({ squares: [...document.querySelectorAll('.castling-trainer cg-board square')].map((q) => `${q.cgKey}:${q.className}:${q.style.display}`), answer: document.querySelector('.trainer-answer')?.textContent, y: document.querySelector('.castling-trainer cg-board').getBoundingClientRect().y }));
        assert.fail(`${from}→${to}: no destinations shown after the click at ${JSON.stringify(a)} (box ${JSON.stringify(box)}): ${JSON.stringify(info)}`);
    });
    const b = point(to);
    await page.mouse.click(b.x, b.y);
}

scenario(test, 'Chess960 explorer: numbers 0, 518 and 959, and back from a position to its number', 30_000, async () => {
    const { page } = await openPage(browser, { name: 'explorer' });
    await page.goto(`${server.url}/chess960`);
    await page.locator('.c960-title', { hasText: 'Starting position 518' }).waitFor();
    assert.equal((await page.locator('.back-rank .letters').first().textContent()).trim(), 'RNBQKBNR');
    assert.match(await page.locator('.formula').textContent(), /classical starting position/);
    assert.equal(await showNumber(page, 0), 'BBQNNRKR');
    assert.match(await page.locator('.fen').textContent(), /bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR w/);
    // The board shows the array: bishops on a1 and b1, the king on g1.
    await page.waitForFunction(() => [...document.querySelectorAll('.chess960-page .explorer cg-board piece')].some((p) => p.cgKey === 'g1' && p.className.includes('king')));
    assert.equal(await page.locator('.derivation li').count(), 5);
    // Pointing at a step marks its squares: rook, king, rook on f1, g1, h1.
    await page.locator('.derivation li').nth(4).hover();
    await page.waitForFunction(() => document.querySelectorAll('.chess960-page .explorer cg-container svg.cg-shapes g circle').length === 3);
    assert.equal(await showNumber(page, 959), 'RKRNNQBB');
    assert.match(await page.locator('.formula').textContent(), /^959 = 3 \+ 4 × \(3 \+ 4 × \(5 \+ 6 × 9\)\)/);

    const input = page.getByLabel('FEN or back rank');
    const find = page.getByRole('button', { name: 'Find the number' });
    await input.fill('rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1');
    await find.click();
    await page.locator('.number-out', { hasText: 'This is starting position number 959.' }).waitFor();
    await input.fill('RNBQKBNR');
    await find.click();
    await page.locator('.number-out', { hasText: 'number 518.' }).waitFor();
    await input.fill('BBQNNRKR');
    await find.click();
    await page.locator('.number-out', { hasText: 'number 0.' }).waitFor();
    // A position that is no start position: the server's reason.
    await input.fill('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    await find.click();
    await page.locator('.number-out', { hasText: /^No number: / }).waitFor();

    // Double Chess960: Black's own array.
    await page.getByLabel('Double Chess960').check();
    await page.getByLabel('Black’s number (0–959)').fill('959');
    await page.getByLabel('Number (0–959)', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.locator('.c960-title', { hasText: 'White 0, Black 959' }).waitFor();
    assert.deepEqual((await page.locator('.back-rank .letters').allTextContents()).map((s) => s.trim()), ['BBQNNRKR', 'RKRNNQBB']);
    // The address names what is shown, and opens it again.
    assert.match(page.url(), /\/chess960\?n=0&black=959$/);
    await page.goto(`${server.url}/chess960?n=96`);
    await page.locator('.c960-title', { hasText: 'Starting position 96' }).waitFor();
    assert.equal((await page.locator('.back-rank .letters').first().textContent()).trim(), 'BBQNRNKR');
}, current);

scenario(test, 'Chess960: play the position shown against the computer', 30_000, async () => {
    const { page } = await openPage(browser, { name: 'play960' });
    await page.goto(`${server.url}/chess960`);
    await showNumber(page, 0);
    await page.getByRole('button', { name: 'Play this position against the computer' }).click();
    await page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    await page.locator('cg-board').waitFor();
    const id = page.url().split('/').pop();
    const state = await (await page.request.get(`${server.url}/api/v1/games/${id}`)).json();
    assert.equal(state.variant, 'chess960');
    assert.equal(state.chess960, 0);
    assert.match(state.initialFen, /^bbqnnrkr\//);

    // With a friend: the invitation link to pass on, for a game from the same number.
    await page.goto(`${server.url}/chess960`);
    await showNumber(page, 959);
    await page.getByRole('button', { name: 'Play this position with a friend' }).click();
    const invite = await page.getByLabel('Invitation link').inputValue();
    assert.match(invite, /\/game\/[A-Za-z0-9]{8}\?invite=/);
    const friendId = /\/game\/([A-Za-z0-9]{8})/.exec(invite)[1];
    const friend = await (await page.request.get(`${server.url}/api/v1/games/${friendId}`)).json();
    assert.equal(friend.mode, 'friend');
    assert.equal(friend.chess960, 959);

    // Double Chess960 (white's array 0, black's 959) is played from its FEN: no single number.
    await page.goto(`${server.url}/chess960?n=0&black=959`);
    await page.locator('.c960-title', { hasText: '959' }).waitFor();
    await page.getByRole('button', { name: 'Play this position against the computer' }).click();
    await page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    const doubleId = page.url().split('/').pop();
    const double = await (await page.request.get(`${server.url}/api/v1/games/${doubleId}`)).json();
    assert.equal(double.variant, 'chess960');
    assert.equal(double.chess960, null);
    const ranks = double.initialFen.split(' ')[0].split('/');
    assert.equal(ranks[7], 'BBQNNRKR');
    assert.equal(ranks[0], 'rkrnnqbb');
}, current);

scenario(test, 'castling trainer: each case of the Chess960 text plays through, refusals are explained', 45_000, async () => {
    const { page } = await openPage(browser, { name: 'trainer' });
    await page.goto(`${server.url}/chess960`);
    const cases = [
        { name: 'King g1, rook h1: only the rook moves', king: 'g1', rook: 'h1' },
        { name: 'King e1, rook f1: only the king moves', king: 'e1', rook: 'f1' },
        { name: 'King f1, rook g1: they swap squares', king: 'f1', rook: 'g1' },
        { name: 'King b1, rooks a1 and h1: both castlings', king: 'b1', rook: 'h1' },
        { name: 'King b1, rooks a1 and h1: both castlings', king: 'b1', rook: 'a1', kingTo: 'c1', rookTo: 'd1', san: 'O-O-O' },
    ];
    for (const c of cases) {
        await page.getByRole('button', { name: c.name }).click();
        await page.locator('.trainer-answer', { hasText: 'Your move' }).waitFor();
        await trainerMove(page, c.king, c.rook);
        await page.locator('.trainer-answer.good', { hasText: `Castled: ${c.san ?? 'O-O'}.` }).waitFor();
        const want = { [c.kingTo ?? 'g1']: 'white king', [c.rookTo ?? 'f1']: 'white rook' };
        if (!(c.rook in want)) want[c.rook] = null; // the rook left its square
        if (!(c.king in want)) want[c.king] = null;
        await waitPieces(page, want, c.name);
    }
    const refused = [
        { name: 'Refused: across an attacked square', text: /e1/ },
        { name: 'Refused: a piece in the way', text: /f1/ },
        { name: 'Refused: the right is lost', text: /right|moved/i },
    ];
    for (const r of refused) {
        await page.getByRole('button', { name: r.name }).click();
        await page.locator('.trainer-answer', { hasText: 'Your move' }).waitFor();
        await trainerMove(page, 'b1', 'h1');
        const answer = page.locator('.trainer-answer.refused');
        await answer.waitFor();
        assert.match(await answer.textContent(), /^Not allowed: /);
        assert.match(await answer.textContent(), r.text, r.name);
        await waitPieces(page, { b1: 'white king', h1: 'white rook' }, `${r.name}: king and rook back`);
    }
    // Through check, the other side is fine.
    await page.getByRole('button', { name: 'Refused: across an attacked square' }).click();
    await trainerMove(page, 'b1', 'a1');
    await page.locator('.trainer-answer.good', { hasText: 'Castled: O-O-O.' }).waitFor();
}, current);

scenario(test, 'clock page: a flag at 1+0, and the FIDE class of a control', 30_000, async () => {
    const { page } = await openPage(browser, { name: 'clock' });
    await page.clock.install();
    await page.goto(`${server.url}/clock?tc=1%2B0`);
    await page.locator('.tc-class-name', { hasText: 'blitz' }).waitFor();
    await page.getByRole('button', { name: 'Set up the clock' }).click();
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const white = page.locator('.dc-white');
    await page.locator('.dc-black').click(); // Black's player starts White's clock
    await page.waitForFunction(() => document.querySelector('.dc-white')?.classList.contains('running'));
    await page.clock.runFor(30_000);
    assert.equal((await white.locator('.dc-time').textContent()).trim(), '0:30');
    await white.click(); // White moves: Black's clock runs
    await page.clock.runFor(5_000);
    await page.locator('.dc-black').click();
    await page.clock.runFor(29_000);
    assert.equal(await white.locator('.dc-flag').isVisible(), false);
    await page.clock.runFor(2_000);
    await white.locator('.dc-flag').waitFor({ state: 'visible' });
    assert.equal((await white.locator('.dc-time').textContent()).trim(), '0.0');
    await page.locator('.clock-status', { hasText: 'The flag of White has fallen' }).waitFor();
    assert.equal(await page.locator('.dc-black .dc-flag').isVisible(), false);
    assert.equal((await page.locator('.dc-black .dc-time').textContent()).trim(), '0:55');

    // The FIDE classes (Appendices A.1 and B.1) as the server computes them.
    await page.getByRole('button', { name: 'Other time control' }).click();
    const spec = page.getByLabel('Time control', { exact: true });
    const readAs = async (text) => {
        await spec.fill(text);
        await page.getByRole('button', { name: 'Read', exact: true }).click();
        await page.waitForFunction((t) => document.querySelector('.tc-result')?.dataset.read === t, text);
    };
    await readAs('40/90+30,30+30');
    await page.locator('.tc-class-name', { hasText: 'classical' }).waitFor();
    // FIDE's own writing, minutes before moves: 90 minutes for 40 moves, then 30, 30 s a move.
    await readAs('90/40+30:30+30');
    await page.locator('.tc-class-name', { hasText: 'classical' }).waitFor();
    assert.match(await page.locator('.tc-text').textContent(), /40 moves in 90 minutes/);
    await readAs('15+10');
    await page.locator('.tc-class-name', { hasText: 'rapid' }).waitFor();
    await readAs('5+x');
    await page.locator('.tc-error').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Set up the clock' }).isDisabled(), true);
}, current);

scenario(test, 'PGN page: an illegal move at its line and column, adjudication and German letters', 30_000, async () => {
    const { page } = await openPage(browser, { name: 'pgn' });
    await page.goto(`${server.url}/pgn`);
    const text = [
        '[White "Anna"]', '[Black "Ben"]', '[Result "1-0"]', '', '1. f3 e5 2. g4 Qh4# 1-0', '',
        '[White "Cem"]', '[Black "Dora"]', '', '1. e4 e5', '2. Ke3 *', '',
    ].join('\n');
    // Uploaded as a file: its text lands in the field.
    await page.getByLabel('Or a file:').setInputFiles({ name: 'two.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(text) });
    await page.locator('.pgn-form [role=status]', { hasText: 'two.pgn loaded.' }).waitFor();
    assert.equal(await page.getByLabel('PGN text').inputValue(), text);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('.pgn-game').nth(1).waitFor();
    const bad = page.locator('.pgn-game').nth(1);
    assert.equal((await bad.locator('.pgn-error .where').textContent()).trim(), 'line 11, column 4:');
    assert.match(await bad.locator('.pgn-error').textContent(), /Ke3/);
    const good = page.locator('.pgn-game').first();
    assert.match(await good.locator('.pgn-verdict').textContent(), /0-1.*[Cc]heckmate.*recorded: 1-0/);
    assert.match(await good.locator('.pgn-text').textContent(), /Qh4#/);
    await page.getByLabel('Piece letters of the result').selectOption('de');
    assert.match(await page.locator('.pgn-game').first().locator('.pgn-text').textContent(), /Dh4#/);
    await page.getByLabel('Piece letters of the result').selectOption('de-neutral');
    assert.match(await page.locator('.pgn-game').first().locator('.pgn-text').textContent(), /Wh4#/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all games' }).click();
    assert.equal((await download).suggestedFilename(), 'games.pgn');
    assert.match(await page.locator('.pgn-form [role=status]').textContent(), /^Games: 2 · errors: 1 · results the Laws decide otherwise: 1$/);
}, current);

scenario(test, 'tool pages in German and gender-neutral German: the navigation and no English left', 30_000, async () => {
    const { page } = await openPage(browser, { name: 'german', locale: 'de-DE' });
    await page.goto(`${server.url}/uhr`);
    await page.locator('.site-nav a[aria-current=page]', { hasText: 'Uhr' }).waitFor();
    await page.locator('.tc-class-name', { hasText: 'Blitz' }).waitFor();
    await page.getByRole('link', { name: 'Chess960' }).click();
    await page.locator('.c960-title', { hasText: 'Startstellung 518' }).waitFor();
    await page.getByRole('button', { name: 'König b1, Türme a1 und h1: beide Rochaden' }).waitFor();
    await page.getByLabel('Sprache').selectOption('de-neutral');
    await page.getByRole('button', { name: 'Könige b1, Türme a1 und h1: beide Rochaden' }).waitFor();
    const body = await page.locator('main').textContent();
    assert.ok(!/\bDame\b|\bSpieler\b/.test(body), 'gender-neutral forms');
    await page.getByRole('link', { name: 'PGN', exact: true }).click();
    await page.getByRole('heading', { name: 'PGN-Werkzeuge' }).waitFor();
}, current);
