import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
    type MistakeAnswer,
    type MistakeExercise,
    type MistakeNext,
    type MistakeServer,
    type MistakeStats,
    type MistakeVerdict,
    decodeAnswer,
    decodeNext,
    decodeVerdict,
} from '../src/mistake_api.js';
import { MistakeController, type MistakeState, mistakeOver } from '../src/mistake_state.js';
import type { PuzzleBoard } from '../src/puzzle_api.js';

const board = (fen: string, lastMove: string[] | null = null): PuzzleBoard => ({ fen, turn: 'white', dests: {}, castling: {}, check: null, lastMove });

const stats = (due: number, solved = 0, nextDue: number | null = 1000): MistakeStats => ({ count: 2, due, solved, nextDue });

/** 1. f3 e5 2. g4?? — the position before g4, White to move. */
const exercise = (schedule = { box: 0, due: 1000, solved: 0, missed: 0 }): MistakeExercise => ({
    id: 'aB3dE5gH-3',
    game: 'aB3dE5gH',
    ply: 3,
    fen: 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2',
    orientation: 'white',
    played: { uci: 'g2g4', san: 'g4' },
    judgement: 'blunder',
    board: board('before g4'),
    schedule,
});

const refused: MistakeVerdict = {
    verdict: 'refused',
    san: 'g4',
    text: 'This allows mate in 1: Qh4#.',
    loss: 50,
    best: null,
    board: board('after g4', ['g2', 'g4']),
    counted: true,
    exercise: exercise({ box: 0, due: 601_000, solved: 0, missed: 1 }),
    stats: stats(0, 0, 601_000),
};

const solved: MistakeVerdict = {
    verdict: 'solved',
    san: 'Nc3',
    text: 'Solved: Nc3 is the best move.',
    loss: 0,
    best: { uci: 'b1c3', san: 'Nc3' },
    board: board('after Nc3', ['b1', 'c3']),
    counted: false,
    exercise: exercise({ box: 0, due: 601_000, solved: 0, missed: 1 }),
    stats: stats(0, 0, 601_000),
};

interface Calls {
    next: number;
    tries: [string, string][];
    answers: string[];
}

function fakeServer(nexts: MistakeNext[], verdicts: MistakeVerdict[], answer?: MistakeAnswer): { server: MistakeServer; calls: Calls } {
    const calls: Calls = { next: 0, tries: [], answers: [] };
    const server: MistakeServer = {
        next: async () => {
            const n = nexts[calls.next++];
            if (!n) throw new Error('no more');
            return n;
        },
        tryMove: async (id, uci) => {
            calls.tries.push([id, uci]);
            const v = verdicts.shift();
            if (!v) throw new Error('no verdict');
            return v;
        },
        answer: async (id) => {
            calls.answers.push(id);
            if (!answer) throw new Error('no answer');
            return answer;
        },
    };
    return { server, calls };
}

function controller(server: MistakeServer): { ctrl: MistakeController; states: MistakeState[] } {
    const states: MistakeState[] = [];
    const ctrl = new MistakeController({ server, onChange: (s) => states.push(s), describeError: (e) => `failed: ${String(e)}` });
    return { ctrl, states };
}

test('mistakes: the due exercise served, a refused try explained, retried, then solved', async () => {
    const { server, calls } = fakeServer([{ exercise: exercise(), stats: stats(1) }], [refused, solved]);
    const { ctrl, states } = controller(server);
    await ctrl.next();
    assert.equal(states[0]!.phase, 'loading');
    assert.equal(ctrl.state.phase, 'play');
    assert.equal(ctrl.state.board?.fen, 'before g4');
    assert.equal(ctrl.state.exercise?.played.san, 'g4');

    await ctrl.play({ uci: 'g2g4', alternatives: [] });
    assert.ok(states.some((s) => s.phase === 'judging'));
    assert.equal(ctrl.state.phase, 'refused');
    assert.equal(ctrl.state.tried?.text, 'This allows mate in 1: Qh4#.');
    assert.equal(ctrl.state.tried?.counted, true);
    assert.equal(ctrl.state.board?.fen, 'after g4');
    assert.equal(ctrl.state.answer, null, 'a refused try does not give the answer away');
    assert.equal(ctrl.state.exercise?.schedule.missed, 1);
    assert.equal(mistakeOver(ctrl.state), false);

    ctrl.retry();
    assert.equal(ctrl.state.phase, 'play');
    assert.equal(ctrl.state.board?.fen, 'before g4');
    assert.equal(ctrl.state.tried, null);

    await ctrl.play({ uci: 'b1c3', alternatives: [] });
    const now = (): MistakeState => ctrl.state; // read again: the assertion above narrowed ctrl.state
    assert.equal(now().phase, 'solved');
    assert.equal(now().answer?.san, 'Nc3');
    assert.equal(now().tried?.counted, false);
    assert.equal(now().sessionSolved, 1);
    assert.ok(mistakeOver(now()));
    assert.deepEqual(calls.tries, [
        ['aB3dE5gH-3', 'g2g4'],
        ['aB3dE5gH-3', 'b1c3'],
    ]);
    // A move while not the player's turn goes nowhere.
    await ctrl.play({ uci: 'e2e4', alternatives: [] });
    assert.equal(calls.tries.length, 2);
});

test('mistakes: the answer on request, then the next; nothing due gives the empty state with its time', async () => {
    const answer: MistakeAnswer = { best: { uci: 'b1c3', san: 'Nc3' }, board: board('after Nc3'), counted: true, exercise: exercise({ box: 0, due: 601_000, solved: 0, missed: 1 }), stats: stats(0, 0, 601_000) };
    const { server, calls } = fakeServer(
        [
            { exercise: exercise(), stats: stats(1) },
            { exercise: null, stats: stats(0, 0, 601_000) },
        ],
        [],
        answer,
    );
    const { ctrl } = controller(server);
    await ctrl.next();
    await ctrl.showAnswer();
    assert.deepEqual(calls.answers, ['aB3dE5gH-3']);
    assert.equal(ctrl.state.phase, 'shown');
    assert.equal(ctrl.state.answer?.uci, 'b1c3');
    assert.equal(ctrl.state.board?.fen, 'after Nc3');
    assert.equal(ctrl.state.stats?.nextDue, 601_000);
    await ctrl.next();
    assert.equal(ctrl.state.phase, 'empty');
    assert.equal(ctrl.state.exercise, null);
    assert.equal(ctrl.state.stats?.nextDue, 601_000);
});

test('mistakes: a failing server is an error in words; the move is given back', async () => {
    const { server } = fakeServer([{ exercise: exercise(), stats: stats(1) }], []);
    const { ctrl } = controller(server);
    await ctrl.next();
    await ctrl.play({ uci: 'b1c3', alternatives: [] });
    assert.equal(ctrl.state.phase, 'play');
    assert.match(ctrl.state.error ?? '', /^failed: /);
    await ctrl.next();
    assert.equal(ctrl.state.phase, 'error');
});

test('mistakes: the protocol decoders take the server’s shapes and refuse others', () => {
    const ex = {
        id: 'aB3dE5gH-3',
        game: 'aB3dE5gH',
        ply: 3,
        fen: 'x',
        chess960: false,
        orientation: 'white',
        played: { uci: 'g2g4', san: 'g4' },
        judgement: 'blunder',
        board: { fen: 'x', turn: 'white', dests: { g2: ['g3', 'g4'] }, castling: {}, check: null, lastMove: null },
        schedule: { box: 0, due: 5, solved: 0, missed: 0 },
    };
    const st = { count: 1, due: 1, solved: 0, nextDue: 5 };
    assert.equal(decodeNext({ exercise: ex, stats: st })?.exercise?.played.san, 'g4');
    assert.equal(decodeNext({ exercise: null, stats: { ...st, nextDue: null } })?.exercise, null);
    assert.equal(decodeNext({ exercise: { ...ex, judgement: 'inaccuracy' }, stats: st }), undefined);
    const v = { verdict: 'refused', ply: 3, uci: 'g2g4', san: 'g4', eval: { mate: -1 }, loss: 50, best: null, bestEval: null, pv: [], text: 'Why.', board: ex.board, counted: true, exercise: ex, stats: st };
    assert.equal(decodeVerdict(v)?.text, 'Why.');
    assert.equal(decodeVerdict({ ...v, text: null })?.text, '');
    assert.equal(decodeVerdict({ ...v, verdict: 'maybe' }), undefined);
    assert.equal(decodeVerdict({ ...v, loss: -1 }), undefined);
    assert.equal(decodeAnswer({ best: { uci: 'b1c3', san: 'Nc3' }, board: ex.board, counted: false, exercise: ex, stats: st })?.best.san, 'Nc3');
});

test('mistakes: the status in words, a refusal without words says what the try costs', async () => {
    const { setLang } = await import('../src/i18n.js');
    const { mistakeStatusText } = await import('../src/mistake_view.js');
    setLang('en');
    const base = { exercise: exercise(), board: null, answer: null, stats: null, sessionSolved: 0, error: null };
    assert.equal(mistakeStatusText({ ...base, phase: 'play', tried: null }, 'english'), 'In your game you played g4 here, a blunder. Find a better move for White.');
    assert.equal(
        mistakeStatusText({ ...base, phase: 'refused', tried: { san: 'g4', text: 'This allows mate in 1: Qh4#.', loss: 50, counted: true } }, 'english'),
        'g4 is not better. This allows mate in 1: Qh4#.',
    );
    assert.equal(
        mistakeStatusText({ ...base, phase: 'refused', tried: { san: 'a3', text: '', loss: 7.4, counted: true } }, 'english'),
        'a3 is not better. It costs 7 percentage points of your winning chances against the best move.',
    );
    assert.equal(mistakeStatusText({ ...base, phase: 'empty', exercise: null, tried: null, stats: { count: 0, due: 0, solved: 0, nextDue: null } }, 'english'), t0());
    setLang('de');
    assert.match(mistakeStatusText({ ...base, phase: 'play', tried: null }, 'german'), /^In deiner Partie hast du hier g4 gespielt, einen Patzer\. Finde einen besseren Zug für Weiß\.$/);
    setLang('en');
});

const t0 = () => 'No mistakes to practise yet. Play a game, ask for its computer analysis, and your mistakes and blunders come here.';
