// The game page's controller without a DOM: its state after events and actions, and what it
// sends, plays and says through fake ports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameCtrl, type GamePageState, type GamePorts, boardOf, gameBoard, initialState, statusLine, withEvent } from '../src/game_ctrl.js';
import { currentLang, setLang } from '../src/i18n.js';
import { type ClientMessage, type MoveText, type VersionedEvent, parseServerMessage } from '../src/protocol.js';
import type { Analysis, AnalysisEvent, TryAnswer } from '../src/review_protocol.js';
import { decodeAnalysis } from '../src/review_protocol.js';
import type { PositionMoves } from '../src/tools_api.js';
import { AfterE4, AfterE4E5, moveEvent, sampleState } from './fakes.js';

function event(x: unknown): VersionedEvent {
    const msg = parseServerMessage(JSON.stringify(x));
    assert.ok(msg && 'v' in msg, 'a valid versioned event');
    return msg;
}

class FakePorts implements GamePorts {
    readonly moves: Array<{ ply: number; move: MoveText }> = [];
    readonly sent: ClientMessage[] = [];
    readonly sounds: string[] = [];
    readonly said: string[] = [];
    readonly langs: string[] = [];
    reloads = 0;
    online = true;
    time = 1000;
    sendMove(ply: number, move: MoveText): void {
        this.moves.push({ ply, move });
    }
    send(message: ClientMessage): boolean {
        if (this.online) this.sent.push(message);
        return this.online;
    }
    reloadState(): void {
        this.reloads += 1;
    }
    play(sound: 'move' | 'capture' | 'check' | 'lowTime' | 'end'): void {
        this.sounds.push(sound);
    }
    unlockSound(): void {}
    announce(text: string): void {
        this.said.push(text);
    }
    eventTime(): number {
        return this.time;
    }
    now(): number {
        return this.time;
    }
    useLang(lang: 'de' | 'de-neutral' | 'en'): void {
        this.langs.push(lang);
        setLang(lang);
    }
    copy(): Promise<boolean> {
        return Promise.resolve(true);
    }
    fetchPgn(): Promise<string> {
        return Promise.resolve('');
    }
    goToRematch(): void {}
    analysis: Analysis | null = null;
    fetches = 0;
    requests = 0;
    tries: Array<{ ply: number; uci: string }> = [];
    answers: TryAnswer[] = [];
    positions: string[] = [];
    failRequest: Error | null = null;
    readonly review = {
        fetch: (): Promise<Analysis | null> => {
            this.fetches += 1;
            return Promise.resolve(this.analysis);
        },
        request: (): Promise<AnalysisEvent> => {
            this.requests += 1;
            return this.failRequest ? Promise.reject(this.failRequest) : Promise.resolve({ status: 'queued', progress: { done: 0, total: 9 } });
        },
        tryMove: (ply: number, uci: string): Promise<TryAnswer> => {
            this.tries.push({ ply, uci });
            return Promise.resolve(this.answers.shift()!);
        },
        position: (fen: string): Promise<PositionMoves> => {
            this.positions.push(fen);
            return Promise.resolve({ fen, turn: 'white', check: null, dests: { d1: ['h5', 'f3'] }, castling: {}, tries: {} });
        },
    };
}

function setup(overrides: Record<string, unknown> = {}, watching = false) {
    setLang('en');
    const ports = new FakePorts();
    const drawn: GamePageState[] = [];
    const ctrl = new GameCtrl(initialState({ id: 'aB3dE5gH', watching, lang: 'en', notation: 'english' }), ports, (s) => drawn.push(s));
    ctrl.onEvent(event({ v: 1, t: 'state', d: sampleState(overrides) }));
    return { ctrl, ports, drawn };
}

test('game ctrl: a state event sets the game, the orientation follows the seat', () => {
    const { ctrl, drawn } = setup({ you: 'black' });
    assert.equal(ctrl.state.game?.ply, 0);
    assert.equal(ctrl.state.orientation, 'black');
    assert.equal(drawn.length, 1, 'one redraw per change');
});

test('game ctrl: a board move is sent once, the board frozen until the answer', () => {
    const { ctrl, ports } = setup();
    ctrl.playMove({ uci: 'e2e4' });
    ctrl.playMove({ uci: 'g1f3' });
    assert.deepEqual(ports.moves, [{ ply: 0, move: { uci: 'e2e4' } }]);
    assert.equal(ctrl.state.sentAt, 0);
    assert.equal(gameBoard(ctrl.state)?.movable, null, 'no second move while the first is on its way');
    ctrl.onEvent(event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)));
    assert.equal(ctrl.state.sentAt, null);
    assert.deepEqual(ports.sounds, ['move']);
    assert.deepEqual(ports.said, ['White: Pawn e4']);
});

test('game ctrl: a refusal puts the pieces back, shows the reason and frees the board', () => {
    const { ctrl, ports } = setup();
    ctrl.playMove({ uci: 'e2e4' });
    ctrl.onReply({ t: 'refusal', d: { a: 1, code: 'illegal', article: null, text: 'No.', squares: ['e2'] } });
    assert.equal(ctrl.state.sentAt, null);
    assert.deepEqual(ctrl.state.refusal, { text: 'No.', squares: ['e2'] });
    const board = gameBoard(ctrl.state);
    assert.equal(board?.snapBacks, 1);
    assert.deepEqual(board?.refused, ['e2']);
    assert.equal(board?.movable, 'white');
    assert.deepEqual(ports.said, ['Move refused: No.']);
    ctrl.playMove({ uci: 'e2e4' });
    assert.equal(ctrl.state.refusal, null, 'a new try clears the reason');
});

test('game ctrl: typed moves — bad shape, not our turn, sent', () => {
    const { ctrl, ports } = setup();
    ctrl.setTyped('zz9');
    ctrl.submitTyped();
    assert.equal(ctrl.state.typedInvalid, true);
    assert.equal(ctrl.state.entryMessage?.key, 'moveEntryBadShape');
    ctrl.setTyped('Sf3');
    ctrl.submitTyped();
    assert.deepEqual(ports.moves, [{ ply: 0, move: { san: 'Nf3' } }]);
    assert.equal(ctrl.state.typed, '');
    ctrl.setTyped('e4');
    ctrl.submitTyped();
    assert.equal(ctrl.state.entryMessage?.key, 'moveEntryNotYourTurn');
    assert.equal(ports.moves.length, 1);
});

test('game ctrl: looking back, stepping and a new move keeping the earlier position', () => {
    const { ctrl, ports } = setup({ you: 'black' });
    ctrl.onEvent(event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)));
    ctrl.step('previous');
    assert.equal(ctrl.state.viewPly, 0);
    assert.equal(gameBoard(ctrl.state)?.fen, sampleState().fen);
    assert.equal(gameBoard(ctrl.state)?.movable, null, 'an earlier position is read-only');
    assert.match(statusLine(ctrl.state), /starting position/i);
    ctrl.step('next');
    assert.equal(ctrl.state.viewPly, null);
    assert.equal(ports.said.at(-1), 'Current position');
    ctrl.showPly(0);
    ctrl.onEvent(event(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2)));
    assert.equal(ctrl.state.viewPly, 0, 'a move does not pull the board away from an earlier position');
});

test('game ctrl: a new state keeps the earlier position shown while its moves are the same', () => {
    const { ctrl } = setup({ ply: 2, moves: [
        { uci: 'e2e4', san: 'e4', clock: null, fen: AfterE4 },
        { uci: 'e7e5', san: 'e5', clock: null, fen: AfterE4E5 },
    ], fen: AfterE4E5 });
    ctrl.showPly(1);
    ctrl.onEvent(event({ v: 2, t: 'state', d: sampleState({ version: 2, ply: 2, moves: [
        { uci: 'e2e4', san: 'e4', clock: null, fen: AfterE4 },
        { uci: 'e7e5', san: 'e5', clock: null, fen: AfterE4E5 },
    ], fen: AfterE4E5 }) }));
    assert.equal(ctrl.state.viewPly, 1);
    ctrl.onEvent(event({ v: 3, t: 'state', d: sampleState({ version: 3, ply: 1, moves: [{ uci: 'd2d4', san: 'd4', clock: null, fen: AfterE4 }], fen: AfterE4 }) }));
    assert.equal(ctrl.state.viewPly, null);
});

test('game ctrl: flip keeps the chosen side against the seat', () => {
    const { ctrl } = setup();
    ctrl.flip();
    assert.equal(ctrl.state.orientation, 'black');
    ctrl.onEvent(event({ v: 2, t: 'state', d: sampleState({ version: 2 }) }));
    assert.equal(ctrl.state.orientation, 'black');
});

test('game ctrl: resign asks first; sending it closes the question', () => {
    const { ctrl, ports } = setup({ ply: 2, moves: [] });
    ctrl.askResign();
    assert.equal(ctrl.state.confirmingResign, true);
    ctrl.send({ t: 'resign' });
    assert.equal(ctrl.state.confirmingResign, false);
    assert.deepEqual(ports.sent, [{ t: 'resign' }]);
    ports.online = false;
    ctrl.send({ t: 'draw', d: 'offer' });
    assert.equal(ctrl.state.notice?.key, 'reconnecting');
});

test('game ctrl: the end of the game plays the end sound and says the result', () => {
    const { ctrl, ports } = setup();
    ctrl.onEvent(event({ v: 2, t: 'end', d: { status: 'over', result: { result: '0-1', reason: 'resignation', text: 'White resigned.' } } }));
    assert.deepEqual(ports.sounds, ['end']);
    assert.deepEqual(ports.said, ['White resigned.']);
});

test('game ctrl: a spectator has no seat whatever the state says', () => {
    const { ctrl } = setup({}, true);
    assert.equal(ctrl.state.game?.you, null);
    assert.equal(gameBoard(ctrl.state)?.movable, null);
});

test('game ctrl: the language changes in the state and the server is asked for its texts again', () => {
    const { ctrl, ports } = setup();
    ctrl.setLang('de');
    assert.equal(ctrl.state.lang, 'de');
    assert.equal(currentLang(), 'de');
    assert.equal(ports.reloads, 1);
    assert.match(statusLine(ctrl.state), /Weiß/);
    ctrl.setLang('de');
    assert.equal(ports.reloads, 1, 'the same language again changes nothing');
    setLang('en');
});

test('game ctrl: the low-time sound for our own clock, at most every 20 s', () => {
    const { ctrl, ports } = setup();
    ctrl.lowTime('black');
    ctrl.lowTime('white');
    ports.time += 5000;
    ctrl.lowTime('white');
    ports.time += 20_000;
    ctrl.lowTime('white');
    assert.deepEqual(ports.sounds, ['lowTime', 'lowTime']);
});

test('game ctrl: withEvent ignores an event before the first state', () => {
    const s = initialState({ id: 'aB3dE5gH', watching: false, lang: 'en', notation: 'english' });
    assert.equal(withEvent(s, event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1))), s);
});

// ---- The review ---------------------------------------------------------------------------------

/** 1.f3 e5 2.g4?? Qh4#: White's blunder on ply 3. */
const FoolsMate = [
    { uci: 'f2f3', san: 'f3', clock: null, fen: 'rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1' },
    { uci: 'e7e5', san: 'e5', clock: null, fen: 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2' },
    { uci: 'g2g4', san: 'g4', clock: null, fen: 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2' },
    { uci: 'd8h4', san: 'Qh4#', clock: null, fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' },
];

function foolsMateAnalysis(): Analysis {
    const a = decodeAnalysis({
        status: 'done',
        progress: { done: 5, total: 5 },
        opening: { eco: 'A00', name: 'Barnes Opening' },
        start: { eval: { cp: 20 }, best: { uci: 'e2e4', san: 'e4' }, pv: ['e4'] },
        plies: [
            { ply: 1, san: 'f3', uci: 'f2f3', eval: { cp: -60 }, best: { uci: 'e2e4', san: 'e4' }, pv: ['e4'], judgement: 'inaccuracy', text: 'e4 was best.', phase: 'opening', wc: -0.1 },
            { ply: 2, san: 'e5', uci: 'e7e5', eval: { cp: -50 }, best: { uci: 'e7e5', san: 'e5' }, pv: [], judgement: null, text: null, phase: 'opening', wc: -0.09 },
            { ply: 3, san: 'g4', uci: 'g2g4', eval: { mate: -1 }, best: { uci: 'b1c3', san: 'Nc3' }, pv: ['Qh4#'], judgement: 'blunder', text: 'This allows mate in 1: Qh4#.', phase: 'opening', wc: -1 },
            { ply: 4, san: 'Qh4#', uci: 'd8h4', eval: { mate: 0 }, best: { uci: 'd8h4', san: 'Qh4#' }, pv: [], judgement: null, text: null, phase: 'opening', wc: -1 },
        ],
        players: {
            white: { accuracy: 31.2, inaccuracies: 1, mistakes: 0, blunders: 1, acpl: 420 },
            black: { accuracy: 100, inaccuracies: 0, mistakes: 0, blunders: 0, acpl: 0 },
        },
    });
    assert.ok(a, 'the sample analysis is valid');
    return a;
}

const reviewKind = (ctrl: GameCtrl): string => ctrl.state.review.kind;

const settle = () => new Promise((r) => setTimeout(r, 0));

function finished(you: string, analysis: Analysis | null) {
    setLang('en');
    const ports = new FakePorts();
    ports.analysis = analysis;
    const ctrl = new GameCtrl(initialState({ id: 'aB3dE5gH', watching: false, lang: 'en', notation: 'english' }), ports, () => undefined);
    const end = { result: '0-1', reason: 'checkmate', text: 'Black wins by checkmate.' };
    ctrl.onEvent(event({ v: 5, t: 'state', d: sampleState({ you, ply: 4, moves: FoolsMate, fen: FoolsMate[3]!.fen, turn: 'white', status: 'over', result: end, dests: null, clock: null }) }));
    return { ctrl, ports };
}

test('review: a finished game looks for its analysis; none yet shows the button, which asks for it', async () => {
    const { ctrl, ports } = finished('white', null);
    assert.equal(reviewKind(ctrl), 'loading');
    await settle();
    assert.equal(reviewKind(ctrl), 'none');
    await ctrl.requestReview();
    assert.equal(ports.requests, 1);
    assert.deepEqual(ctrl.state.review, { kind: 'waiting', status: 'queued', progress: { done: 0, total: 9 } });
    ctrl.onReply({ t: 'analysis', d: { status: 'running', progress: { done: 4, total: 9 } } });
    assert.deepEqual(ctrl.state.review, { kind: 'waiting', status: 'running', progress: { done: 4, total: 9 } });
    ports.analysis = foolsMateAnalysis();
    ctrl.onReply({ t: 'analysis', d: { status: 'done', progress: { done: 9, total: 9 } } });
    await settle();
    assert.equal(reviewKind(ctrl), 'done');
    assert.ok(ports.said.includes('The analysis is ready.'));
});

test('review: the server refusing (a limit) is shown with its reason and the button comes back', async () => {
    const { ctrl, ports } = finished('white', null);
    await settle();
    ports.failRequest = new Error('Only one analysis at a time.');
    await ctrl.requestReview();
    assert.deepEqual(ctrl.state.review, { kind: 'failed', text: 'Only one analysis at a time.' });
});

test('review: the best move of the shown position is the arrow on the board', async () => {
    const { ctrl } = finished('white', foolsMateAnalysis());
    await settle();
    ctrl.showPly(2);
    assert.deepEqual(boardOf(ctrl.state)?.arrows, [{ orig: 'b1', dest: 'c3', brush: 'green' }], 'after 1…e5 the best move was Nc3');
    ctrl.showPly(0);
    assert.deepEqual(boardOf(ctrl.state)?.arrows, [{ orig: 'e2', dest: 'e4', brush: 'green' }]);
});

test('review: a change of language asks for the analysis again (its words)', async () => {
    const { ctrl, ports } = finished('white', foolsMateAnalysis());
    await settle();
    const before = ports.fetches;
    ctrl.setLang('de');
    await settle();
    assert.equal(ports.fetches, before + 1);
    setLang('en');
});

test('learn from your mistakes: the blunder of the player, a refused try, a solved one, the end', async () => {
    const { ctrl, ports } = finished('white', foolsMateAnalysis());
    await settle();
    ctrl.startLearn();
    assert.deepEqual(ctrl.state.learn?.plies, [3], 'only mistakes and blunders, and only White’s');
    await settle();
    assert.equal(ctrl.state.learn?.phase, 'try');
    assert.deepEqual(ports.positions, [FoolsMate[1]!.fen], 'the position before the blunder');
    const board = boardOf(ctrl.state);
    assert.equal(board?.fen, FoolsMate[1]!.fen);
    assert.equal(board?.movable, 'white');
    assert.equal(board?.orientation, 'white');
    ports.answers.push({ verdict: 'refused', san: 'g4', eval: { mate: -1 }, loss: 50, best: { uci: 'b1c3', san: 'Nc3' }, text: 'This allows mate in 1: Qh4#.' });
    await ctrl.learnTry('g2g4');
    assert.deepEqual(ports.tries, [{ ply: 3, uci: 'g2g4' }]);
    assert.equal(ctrl.state.learn?.phase, 'refused');
    assert.deepEqual(boardOf(ctrl.state)?.arrows, [{ orig: 'g2', dest: 'g4', brush: 'red' }]);
    assert.equal(boardOf(ctrl.state)?.movable, 'white', 'another try');
    ports.answers.push({ verdict: 'solved', san: 'Nc3', eval: { cp: 30 }, loss: 0, best: { uci: 'b1c3', san: 'Nc3' }, text: null });
    ctrl.boardMove('b1c3');
    await settle();
    assert.equal(ctrl.state.learn?.phase, 'solved');
    assert.ok(ports.said.includes('Well found: Nc3 is a good move here.'));
    assert.equal(boardOf(ctrl.state)?.movable, null);
    ctrl.learnNext();
    assert.equal(ctrl.state.learn?.phase, 'done');
    ctrl.stopLearn();
    assert.equal(ctrl.state.learn, null);
});

test('learn from your mistakes: show the answer; Black has none to learn from', async () => {
    const w = finished('white', foolsMateAnalysis());
    await settle();
    w.ctrl.startLearn();
    await settle();
    w.ctrl.learnShow();
    assert.equal(w.ctrl.state.learn?.phase, 'shown');
    assert.deepEqual(boardOf(w.ctrl.state)?.arrows, [{ orig: 'b1', dest: 'c3', brush: 'green' }]);
    const b = finished('black', foolsMateAnalysis());
    await settle();
    b.ctrl.startLearn();
    assert.equal(b.ctrl.state.learn?.phase, 'done');
    assert.deepEqual(b.ctrl.state.learn?.plies, []);
});

test('learn from your mistakes: ?learn in the address starts once the analysis is there', async () => {
    setLang('en');
    const ports = new FakePorts();
    ports.analysis = foolsMateAnalysis();
    const ctrl = new GameCtrl(initialState({ id: 'aB3dE5gH', watching: false, lang: 'en', notation: 'english', learn: true }), ports, () => undefined);
    ctrl.onEvent(event({ v: 5, t: 'state', d: sampleState({ ply: 4, moves: FoolsMate, fen: FoolsMate[3]!.fen, status: 'over', dests: null, clock: null }) }));
    await settle();
    await settle();
    assert.equal(ctrl.state.learn?.phase, 'try');
});
