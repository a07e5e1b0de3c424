// The page against the real server in headless Chromium: whole games as people play them.
// One `schach serve` (fresh database) for the scenarios; the crash scenario starts its own.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { join } from 'node:path';
import {
    buttonNamed,
    clickMove,
    clusterNodes,
    createGameApi,
    gameState,
    openGame,
    openPage,
    play,
    removeDir,
    resultText,
    scenario,
    shareServerAndBrowser,
    shownMoves,
    startServer,
    tempDir,
    typeMove,
    waitMoves,
} from './harness.mjs';

let browser;
let server;
const current = () => server;
shareServerAndBrowser(before, after, (s, b) => {
    server = s;
    browser = b;
});

/** The sentence about a pending offer under the buttons. */
const notice = (page, text) => page.locator('.controls .notices p', { hasText: text });

/** A friend game made through the API by `white`'s context, its free seat taken by `black`'s. */
async function friendGame(white, black) {
    const created = await createGameApi(white.context, server.url, { mode: 'friend', color: 'white' });
    assert.ok(created.urls.invite, 'a friend game has an invitation link');
    await openGame(white.page, server.url, created.urls.play);
    await openGame(black.page, server.url, created.urls.invite);
    await black.page.waitForURL(`**/game/${created.id}`);
    await white.page.getByText('You play White.').waitFor();
    await black.page.getByText('You play Black.').waitFor();
    return created;
}

scenario(test, 'a whole game by invitation link, ended by checkmate (fool’s mate)', 60_000, async () => {
    const white = await openPage(browser, { name: 'white' });
    const black = await openPage(browser, { name: 'black' });
    // White makes the game on the start page: a friend, White, no clock.
    await white.page.goto(`${server.url}/`);
    await white.page.getByLabel('Against a friend (invitation link)').check();
    await white.page.getByLabel('White', { exact: true }).check();
    await white.page.getByLabel('Time control (minutes + seconds per move)').selectOption('none');
    await white.page.getByRole('button', { name: 'Create game' }).click();
    const invite = await white.page.getByLabel('Invitation link: whoever opens it first plays you').inputValue();
    assert.match(invite, /\/game\/[A-Za-z0-9]{8}\?invite=/);
    await white.page.getByRole('link', { name: 'Open the game' }).click();
    await white.page.locator('cg-board').waitFor();
    // The friend opens the link and takes the seat; the token leaves the address bar.
    await black.page.goto(invite);
    await black.page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    await black.page.getByText('You play Black.').waitFor();
    await white.page.getByText('You play White.').waitFor();
    // A spectator by the link for spectators.
    const watchLink = await white.page.evaluate(() => window.location.pathname.replace('/game/', '/watch/'));
    const spectator = await openPage(browser, { name: 'spectator' });
    await openGame(spectator.page, server.url, watchLink);
    await spectator.page.getByText('You are watching.').waitFor();

    await play(white.page, 0, 'f2f3');
    await play(black.page, 1, 'e7e5');
    await play(white.page, 2, 'g2g4');
    await play(black.page, 3, 'd8h4');
    assert.equal(await spectator.page.locator('.move-input').isDisabled(), true);
    for (const side of [white, black, spectator]) {
        assert.deepEqual(await waitMoves(side.page, 4), ['f3', 'e5', 'g4', 'Qh4#']);
        const text = await resultText(side.page);
        assert.match(text, /checkmate/i);
        assert.match(text, /Black/);
        assert.equal(await side.page.locator('.controls .result-score').textContent(), '0-1');
    }
    const id = new URL(white.page.url()).pathname.split('/')[2];
    const state = await gameState(white.context, server.url, id);
    assert.equal(state.status, 'over');
    assert.equal(state.result.result, '0-1');
    assert.equal(state.result.reason, 'checkmate');
}, current);

scenario(test, 'against the computer at level 1: the engine answers the first move', 60_000, async () => {
    const me = await openPage(browser, { name: 'player' });
    await me.page.goto(`${server.url}/`);
    await me.page.getByLabel('Against the computer').check();
    await me.page.getByLabel('Level of the computer (1–8)').selectOption('1');
    await me.page.getByLabel('White', { exact: true }).check();
    await me.page.getByLabel('Time control (minutes + seconds per move)').selectOption('none');
    await me.page.getByRole('button', { name: 'Create game' }).click();
    await me.page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    await me.page.locator('cg-board').waitFor();
    await me.page.getByText('Computer (level 1)').first().waitFor();
    await play(me.page, 0, 'e2e4');
    const moves = await waitMoves(me.page, 2, 30_000);
    assert.equal(moves[0], 'e4');
    assert.equal(moves.length, 2);
    await me.page.getByText('White to move.').waitFor();
}, current);

scenario(test, 'promotion with the page’s chooser (a knight)', 60_000, async () => {
    const me = await openPage(browser, { name: 'local' });
    const created = await createGameApi(me.context, server.url, { mode: 'local' });
    assert.equal(created.color, 'both');
    await openGame(me.page, server.url, created.urls.play);
    const line = ['a2a4', 'b7b5', 'a4b5', 'a7a6', 'b5a6', 'c8b7', 'a6b7', 'b8c6'];
    for (const [ply, uci] of line.entries()) await play(me.page, ply, uci);
    await clickMove(me.page, 'b7', 'a8');
    const chooser = me.page.getByRole('dialog', { name: 'Promote to' });
    await chooser.waitFor();
    assert.equal(await chooser.getByRole('button').count(), 5); // four pieces and cancel
    await chooser.getByRole('button', { name: 'Knight' }).click();
    const moves = await waitMoves(me.page, 9);
    assert.equal(moves[8], 'bxa8=N');
    assert.equal(await me.page.locator('cg-board piece.knight.white').count(), 3);
    const state = await gameState(me.context, server.url, created.id);
    assert.equal(state.moves[8].uci, 'b7a8n');
}, current);

scenario(test, 'a game from a position of one’s own: a wrong FEN is explained, a right one is played', 60_000, async () => {
    const me = await openPage(browser, { name: 'fen' });
    await me.page.goto(`${server.url}/`);
    await me.page.getByLabel('Two players on one device').check();
    await me.page.getByLabel('Time control (minutes + seconds per move)').selectOption('none');
    await me.page.getByLabel('Start from a position of your own').check();
    const fen = me.page.getByLabel('Position (FEN)');
    await fen.fill('4k3/8/8/8/8/8/4P3/4K3 x - - 0 1');
    await me.page.getByRole('button', { name: 'Create game' }).click();
    await me.page.locator('.form-message', { hasText: /side to move at offset 22/ }).waitFor();
    await fen.fill('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    await me.page.getByRole('button', { name: 'Create game' }).click();
    await me.page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    await me.page.locator('cg-board').waitFor();
    // The board shows the game's own position (never the start position on the way).
    await me.page.waitForFunction(() => document.querySelectorAll('cg-board piece').length === 3);
    await play(me.page, 0, 'e2e4');
    const id = me.page.url().split('/').pop();
    const state = await gameState(me.context, server.url, id);
    assert.equal(state.initialFen, '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    assert.equal(state.moves[0].uci, 'e2e4');
}, current);

scenario(test, 'Chess960 castling (start position 96: the king stays on g1, the rook goes to f1)', 60_000, async () => {
    const me = await openPage(browser, { name: 'local960' });
    const created = await createGameApi(me.context, server.url, { mode: 'local', variant: 'chess960', chess960: 96 });
    await openGame(me.page, server.url, created.urls.play);
    const start = await gameState(me.context, server.url, created.id);
    assert.equal(start.initialFen.split(' ')[0].split('/')[7], 'BBQNRNKR');
    await play(me.page, 0, 'f1g3');
    await play(me.page, 1, 'f8g6');
    // Castling: the king onto its own rook.
    await clickMove(me.page, 'g1', 'h1');
    const moves = await waitMoves(me.page, 3);
    assert.equal(moves[2], 'O-O');
    const state = await gameState(me.context, server.url, created.id);
    assert.equal(state.moves[2].uci, 'g1h1');
    assert.equal(state.fen.split(' ')[0].split('/')[7], 'BBQNRRK1');
    assert.equal(await me.page.locator('cg-board piece.rook.white').count(), 2);
}, current);

scenario(test, 'draw offer declined, then accepted; resignation', 90_000, async () => {
    const white = await openPage(browser, { name: 'white' });
    const black = await openPage(browser, { name: 'black' });
    const first = await friendGame(white, black);
    await play(white.page, 0, 'e2e4');
    await play(black.page, 1, 'e7e5');
    await buttonNamed(white.page, 'Offer a draw').click();
    await notice(white.page, 'You offered a draw.').waitFor();
    await notice(black.page, 'White offers a draw.').waitFor();
    await buttonNamed(black.page, 'Decline the draw').click();
    await notice(white.page, 'You offered a draw.').waitFor({ state: 'detached' });
    await notice(black.page, 'White offers a draw.').waitFor({ state: 'detached' });
    assert.equal((await gameState(white.context, server.url, first.id)).status, 'started');
    // The game goes on; a second offer is accepted.
    await play(white.page, 2, 'g1f3');
    await play(black.page, 3, 'b8c6');
    await buttonNamed(black.page, 'Offer a draw').click();
    await notice(white.page, 'Black offers a draw.').waitFor();
    await buttonNamed(white.page, 'Accept the draw').click();
    for (const side of [white, black]) {
        assert.match(await resultText(side.page), /agree/i);
        assert.equal(await side.page.locator('.controls .result-score').textContent(), '½-½');
    }
    assert.equal((await gameState(white.context, server.url, first.id)).result.result, '1/2-1/2');

    // A new game: Black resigns after the first moves (with the confirmation step).
    await white.context.close();
    await black.context.close();
    const w2 = await openPage(browser, { name: 'white2' });
    const b2 = await openPage(browser, { name: 'black2' });
    const second = await friendGame(w2, b2);
    await play(w2.page, 0, 'd2d4');
    await play(b2.page, 1, 'd7d5');
    await buttonNamed(b2.page, 'Resign').click();
    await buttonNamed(b2.page, 'Yes, resign').click();
    for (const side of [w2, b2]) {
        const text = await resultText(side.page);
        assert.match(text, /resign/i);
        assert.equal(await side.page.locator('.controls .result-score').textContent(), '1-0');
    }
    const state = await gameState(w2.context, server.url, second.id);
    assert.equal(state.result.result, '1-0');
    assert.equal(state.result.reason, 'resignation');
}, current);

scenario(test, 'a refused move explained in German and in English (a pinned pawn)', 60_000, async (t) => {
    const me = await openPage(browser, { name: 'refusal', locale: 'de-DE' });
    const created = await createGameApi(me.context, server.url, { mode: 'local' });
    await openGame(me.page, server.url, created.urls.play);
    await me.page.getByText('Du spielst an diesem Gerät beide Farben.').waitFor();
    for (const [ply, uci] of ['e2e4', 'e7e5', 'd1h5'].entries()) await play(me.page, ply, uci);
    // 2…f6 would leave the black king in check from the queen on h5: typed, since the board
    // offers only legal moves.
    await typeMove(me.page, 'f7f6');
    const refusal = me.page.locator('.board-area .refusal');
    await refusal.waitFor();
    const german = (await refusal.textContent()) ?? '';
    assert.match(german, /^Zug abgelehnt: /);
    assert.match(german, /gefesselt/);
    assert.match(german, /f7/);
    t.diagnostic(german);
    // A move typed with German letters is played and shown with them.
    await typeMove(me.page, 'Sc6');
    assert.deepEqual(await waitMoves(me.page, 4), ['e4', 'e5', 'Dh5', 'Sc6']);
    // The same in English: the language select reloads the page.
    await me.page.locator('#lang-select').selectOption('en');
    await me.page.getByText('You play both colours on this device.').waitFor();
    await waitMoves(me.page, 4);
    await typeMove(me.page, 'Bc4');
    await waitMoves(me.page, 5);
    await typeMove(me.page, 'f6');
    await refusal.waitFor();
    const english = (await refusal.textContent()) ?? '';
    assert.match(english, /^Move refused: /);
    assert.match(english, /pinned/);
    assert.match(english, /f7/);
    t.diagnostic(english);
    assert.equal((await gameState(me.context, server.url, created.id)).ply, 5);
}, current);

scenario(test, 'reconnect after the network drops: the game goes on, no move lost', 90_000, async () => {
    const white = await openPage(browser, { name: 'white' });
    const black = await openPage(browser, { name: 'black' });
    const created = await friendGame(white, black);
    await play(white.page, 0, 'e2e4');
    // White's network drops; Black moves meanwhile; White comes back and sees it.
    await white.context.setOffline(true);
    await play(black.page, 1, 'e7e5');
    // After 9 s without a message the page says so and tries again (with backoff).
    await white.page.locator('.game.offline').waitFor({ timeout: 15_000 });
    await white.page.getByText('Connection lost, reconnecting…').waitFor();
    assert.deepEqual(await shownMoves(white.page), ['e4'], 'offline, the page hears nothing');
    await white.context.setOffline(false);
    await white.page.locator('.game.offline').waitFor({ state: 'detached', timeout: 20_000 });
    assert.deepEqual(await waitMoves(white.page, 2), ['e4', 'e5']);
    await play(white.page, 2, 'g1f3');
    // Black's network drops just before its move: the move waits on the page and is sent again
    // once the connection is back.
    await waitMoves(black.page, 3);
    await black.context.setOffline(true);
    await typeMove(black.page, 'Nc6');
    await black.page.waitForTimeout(1500);
    assert.equal((await gameState(white.context, server.url, created.id)).ply, 3, 'the move waits on the offline page');
    await black.context.setOffline(false);
    assert.deepEqual(await waitMoves(white.page, 4, 30_000), ['e4', 'e5', 'Nf3', 'Nc6']);
    await play(white.page, 4, 'f1b5');
    assert.deepEqual(await waitMoves(black.page, 5, 30_000), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    const state = await gameState(white.context, server.url, created.id);
    assert.deepEqual(state.moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    // A dropped network fails the sockets the pages open meanwhile; Chromium words the failure
    // by the moment it hit (ERR_INTERNET_DISCONNECTED, closed before established, none); a
    // resource Chromium fetches on its own meanwhile (the favicon) fails the same way.
}, current, {
    allowConsole: [/^WebSocket connection to .* failed: /, /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/],
});

// (One server's restart; a cluster's faults are schach-chaos's: tools/load/chaos.cpp.)
scenario(clusterNodes > 0 ? test.skip : test, 'server killed (SIGKILL) mid-game and started again on the same database and port', 90_000, async () => {
    const crashDir = await tempDir();
    const db = join(crashDir, 'games.db');
    let own = await startServer({ db });
    const port = own.port;
    try {
        const white = await openPage(browser, { name: 'white' });
        const black = await openPage(browser, { name: 'black' });
        const created = await createGameApi(white.context, own.url, { mode: 'friend', color: 'white' });
        await openGame(white.page, own.url, created.urls.play);
        await openGame(black.page, own.url, created.urls.invite);
        await black.page.getByText('You play Black.').waitFor();
        await play(white.page, 0, 'e2e4');
        await play(black.page, 1, 'c7c5');
        await play(white.page, 2, 'g1f3');
        await waitMoves(black.page, 3);
        await own.kill();
        own = await startServer({ db, port });
        assert.equal(own.port, port);
        // Both pages find the server again by themselves and the game goes on.
        await play(black.page, 3, 'd7d6');
        await play(white.page, 4, 'd2d4');
        await play(black.page, 5, 'c5d4');
        const expected = ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4'];
        assert.deepEqual(await waitMoves(white.page, 6), expected);
        assert.deepEqual(await shownMoves(black.page), expected);
        const state = await gameState(white.context, own.url, created.id);
        assert.deepEqual(state.moves.map((m) => m.san), expected);
        assert.equal(state.status, 'started');
    } finally {
        await own.stop();
        await removeDir(crashDir);
    }
}, current, { allowConsole: [/^WebSocket connection to .* failed: .*net::ERR_CONNECTION_REFUSED/] });

scenario(test, 'the game page on a phone (390×844) scrolls only up and down', 30_000, async () => {
    for (const locale of ['de-DE', 'en-GB']) {
        const phone = await openPage(browser, { locale, viewport: { width: 390, height: 844 }, isMobile: true, name: `phone-${locale}` });
        const created = await createGameApi(phone.context, server.url, { mode: 'local', tc: '5+3' });
        await openGame(phone.page, server.url, created.urls.play);
        const { scroll, inner, wide } = await phone.page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            inner: window.innerWidth,
            wide: [...document.querySelectorAll('body *')]
                .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
        }));
        assert.equal(inner, 390);
        assert.equal(scroll, 390, `wider than the screen: ${wide.join(', ')}`);
        await phone.context.close();
    }
}, current);

scenario(test, 'rematch after a resignation: both pages go to the new game, colours swapped', 60_000, async () => {
    const first = await openPage(browser, { name: 'first' });
    const second = await openPage(browser, { name: 'second' });
    const old = await friendGame(first, second);
    await play(first.page, 0, 'e2e4');
    await play(second.page, 1, 'e7e5');
    await buttonNamed(first.page, 'Resign').click();
    await buttonNamed(first.page, 'Yes, resign').click();
    await resultText(second.page);
    await buttonNamed(second.page, 'Rematch').click();
    await notice(first.page, 'Black offers a rematch.').waitFor();
    await buttonNamed(first.page, 'Accept the rematch').click();
    const fresh = (url) => url.pathname.startsWith('/game/') && !url.pathname.endsWith(old.id);
    await first.page.waitForURL(fresh);
    await second.page.waitForURL(fresh);
    assert.equal(first.page.url(), second.page.url());
    await first.page.getByText('You play Black.').waitFor();
    await second.page.getByText('You play White.').waitFor();
    await play(second.page, 0, 'd2d4');
    assert.deepEqual(await waitMoves(first.page, 1), ['d4']);
    const id = new URL(first.page.url()).pathname.split('/')[2];
    const state = await gameState(first.context, server.url, id);
    assert.equal(state.you, 'black');
    assert.equal(state.status, 'started');
}, current);

scenario(test, 'takeback asked for and allowed: both pages go back one move', 60_000, async () => {
    const white = await openPage(browser, { name: 'white' });
    const black = await openPage(browser, { name: 'black' });
    const created = await friendGame(white, black);
    await play(white.page, 0, 'e2e4');
    await play(black.page, 1, 'e7e5');
    await play(white.page, 2, 'f1c4');
    await buttonNamed(white.page, 'Ask to take back').click();
    await notice(black.page, 'White asks to take back a move.').waitFor();
    await buttonNamed(black.page, 'Allow the takeback').click();
    for (const side of [white, black]) {
        await side.page.waitForFunction(() => document.querySelectorAll('.move-list .move:not(.placeholder)').length === 2);
        assert.deepEqual(await shownMoves(side.page), ['e4', 'e5']);
    }
    await play(white.page, 2, 'g1f3');
    assert.deepEqual(await waitMoves(black.page, 3), ['e4', 'e5', 'Nf3']);
    assert.deepEqual((await gameState(white.context, server.url, created.id)).moves.map((m) => m.san), ['e4', 'e5', 'Nf3']);
}, current);

scenario(test, 'a timed friend game: the join arrives without a refetch, the first-move countdown, then the clocks', 60_000, async () => {
    const white = await openPage(browser, { name: 'white' });
    const black = await openPage(browser, { name: 'black' });
    const created = await createGameApi(white.context, server.url, { mode: 'friend', color: 'white', tc: '3+2' });
    await openGame(white.page, server.url, created.urls.play);
    await white.page.getByText('You play White.').waitFor();
    const fetches = [];
    white.page.on('request', (r) => {
        if (r.url().includes(`/api/v1/games/${created.id}`)) fetches.push(r.url());
    });
    await openGame(black.page, server.url, created.urls.invite);
    await black.page.waitForURL(`**/game/${created.id}`);
    // White's page learns of the join from the event alone: the countdown and its own moves.
    const countdown = white.page.locator('.first-move');
    await countdown.filter({ hasText: /^White must make the first move within \d+ s, or the game is aborted\.$/ }).waitFor();
    await play(white.page, 0, 'e2e4');
    assert.deepEqual(fetches, [], 'no refetch of the state after the join');
    await black.page.locator('.first-move', { hasText: /^Black must make the first move within \d+ s/ }).waitFor();
    await play(black.page, 1, 'e7e5');
    for (const side of [white, black]) await side.page.locator('.first-move').waitFor({ state: 'hidden' });
    // Nobody was charged for the first moves (3 minutes and the increment each).
    const state = await gameState(white.context, server.url, created.id);
    assert.deepEqual(state.moves.map((m) => m.clock), [182000, 182000]);
    assert.equal(state.firstMove, null);
    assert.equal(state.clock.running, 'white');
}, current);

scenario(test, 'the coach (in German): a game from /coach with a hint on the centre pawn', 60_000, async () => {
    const me = await openPage(browser, { name: 'coach', locale: 'de-DE' });
    await me.page.goto(`${server.url}/coach`);
    await me.page.getByRole('heading', { name: 'Die sieben Eröffnungsprinzipien' }).waitFor();
    assert.equal(await me.page.locator('.principles li').count(), 7);
    await me.page.getByLabel('Stufe des Computers').selectOption('1');
    await me.page.getByLabel('Deine Farbe').selectOption('white');
    await me.page.getByRole('button', { name: 'Partie mit Tipps starten' }).click();
    await me.page.waitForURL(/\/game\/[A-Za-z0-9]{8}$/);
    await me.page.locator('cg-board').waitFor();
    await play(me.page, 0, 'e2e4');
    await waitMoves(me.page, 2, 30_000);
    const praise = me.page.locator('.coach-hints .hint.praise', { hasText: 'Gut: der Bauer auf e4 besetzt das Zentrum.' });
    await praise.waitFor();
    assert.equal(await praise.locator('.principle').textContent(), 'Prinzip 1: Das Zentrum besetzen');
    // Turned off, the hints go; the choice is kept for the next game.
    await me.page.getByLabel('Nach jedem Zug einen Tipp zeigen').uncheck();
    await me.page.locator('.coach-hints').waitFor({ state: 'hidden' });
    assert.equal(await me.page.evaluate(() => window.localStorage.getItem('coach')), '0');
}, current);
