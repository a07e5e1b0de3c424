import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Puzzle, type PuzzleBoard, type PuzzleFilter, type PuzzlePlayer, type PuzzleServer, type TryVerdict, decodePuzzle, decodeVerdict } from '../src/puzzle_api.js';
import { PuzzleController, type PuzzleState, isOver } from '../src/puzzle_state.js';
import { graphGeometry } from '../src/rating_graph.js';

const board = (fen: string, lastMove: string[] | null = null): PuzzleBoard => ({ fen, turn: 'white', dests: {}, castling: {}, check: null, lastMove });

const player = (rating = 1500, history: [number, number][] = []): PuzzlePlayer => ({ rating, deviation: 500, provisional: true, solved: 0, failed: 0, history });

/** The back-rank mate in 2: Black's Re2, then Rd8+ Re8 Rxe8#. */
const puzzle: Puzzle = {
    id: 'MkQF4R',
    fen: '4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1',
    moves: ['e8e2', 'd1d8', 'e2e8', 'd8e8'],
    rating: 1500,
    themes: ['backRankMate', 'mateIn2'],
    chess960: false,
    orientation: 'white',
    start: board('start'),
    steps: [board('after e8e2', ['e8', 'e2']), board('after d1d8'), board('after e2e8'), board('after d8e8')],
    player: player(),
};

interface Calls {
    next: PuzzleFilter[];
    tries: [string, number, string][];
    results: [string, boolean, boolean][];
}

function fakeServer(verdict: TryVerdict, puzzles: Puzzle[] = [puzzle]): { server: PuzzleServer; calls: Calls } {
    const calls: Calls = { next: [], tries: [], results: [] };
    let served = 0;
    const server: PuzzleServer = {
        next: async (filter) => {
            calls.next.push(filter);
            const p = puzzles[served++];
            if (!p) throw Object.assign(new Error('none left'), { code: 'no-puzzle-left' });
            return p;
        },
        tryMove: async (id, ply, uci) => {
            calls.tries.push([id, ply, uci]);
            return verdict;
        },
        result: async (id, win, rated) => {
            calls.results.push([id, win, rated]);
            const rating = win ? 1700 : 1300;
            return { player: { ...player(rating, [[1, rating]]), solved: win ? 1 : 0, failed: win ? 0 : 1 }, delta: rating - 1500, puzzle: { rating: 1500, deviation: 500 }, rated };
        },
        stats: async () => ({ count: 1, themes: { backRankMate: 1, mateIn2: 1 } }),
        player: async () => player(),
    };
    return { server, calls };
}

const wrongVerdict: TryVerdict = {
    result: 'wrong',
    move: { uci: 'd1d7', san: 'Rd7' },
    refutation: [{ uci: 'e2e1', san: 'Re1#' }],
    steps: [board('after d1d7'), board('after e2e1')],
    text: 'This allows a back-rank mate in 1: Re1#.',
};

function controller(verdict: TryVerdict = wrongVerdict, puzzles?: Puzzle[]) {
    const { server, calls } = fakeServer(verdict, puzzles);
    const states: PuzzleState[] = [];
    const c = new PuzzleController({ server, wait: async () => undefined, onChange: (s) => states.push(s), describeError: (e) => String(e) });
    return { c, calls, states };
}

test('puzzle: the opponent moves first, then the player; replies follow; solved is reported as a win', async () => {
    const { c, calls, states } = controller();
    await c.start();
    assert.ok(states.some((s) => s.phase === 'opening' && s.board?.fen === 'start'));
    assert.equal(c.state.phase, 'play');
    assert.equal(c.state.board?.fen, 'after e8e2');
    assert.equal(c.state.ply, 1);
    await c.play({ uci: 'd1d8', alternatives: [] });
    assert.equal(c.state.phase, 'play');
    assert.equal(c.state.board?.fen, 'after e2e8'); // the reply was played
    assert.equal(c.state.ply, 3);
    await c.play({ uci: 'd8e8', alternatives: [] });
    assert.equal(c.state.phase, 'solved');
    assert.equal(c.state.failed, false);
    assert.ok(isOver(c.state));
    assert.deepEqual(calls.results, [['MkQF4R', true, true]]);
    assert.equal(c.state.player?.rating, 1700);
    assert.equal(c.state.delta, 200);
    assert.equal(c.state.sessionSolved, 1);
    assert.equal(calls.tries.length, 0); // right moves need no judge
});

test('puzzle: a wrong move shows the refutation and why, fails once; retry and the solution', async () => {
    const { c, calls, states } = controller();
    await c.start();
    await c.play({ uci: 'd1d7', alternatives: [] });
    assert.deepEqual(calls.tries, [['MkQF4R', 1, 'd1d7']]);
    assert.equal(c.state.phase, 'wrong');
    assert.equal(c.state.failed, true);
    assert.equal(c.state.wrong?.text, 'This allows a back-rank mate in 1: Re1#.');
    assert.deepEqual(c.state.wrong?.refutation, ['Re1#']);
    assert.ok(states.some((s) => s.board?.fen === 'after d1d7'));
    assert.equal(c.state.board?.fen, 'after e2e1'); // the refutation is on the board
    assert.deepEqual(calls.results, [['MkQF4R', false, true]]);
    assert.equal(c.state.delta, -200);
    c.retry();
    assert.equal(c.state.phase, 'play');
    assert.equal(c.state.board?.fen, 'after e8e2');
    await c.play({ uci: 'd1d8', alternatives: [] });
    await c.play({ uci: 'd8e8', alternatives: [] });
    assert.equal(c.state.phase, 'solved');
    assert.equal(c.state.failed, true);
    assert.equal(calls.results.length, 1); // reported once
    assert.equal(c.state.sessionSolved, 0);
});

test('puzzle: another mate counts as solved', async () => {
    const mate: TryVerdict = { result: 'mate', move: { uci: 'd1d8', san: 'Rd8#' }, refutation: [], steps: [board('other mate')], text: '' };
    const one: Puzzle = { ...puzzle, moves: ['e8e2', 'a1a8'], steps: [puzzle.steps[0]!, board('after a1a8')] };
    const { c, calls } = controller(mate, [one]);
    await c.start();
    await c.play({ uci: 'b2b8', alternatives: [] });
    assert.equal(c.state.phase, 'solved');
    assert.equal(c.state.board?.fen, 'other mate');
    assert.deepEqual(calls.results, [['MkQF4R', true, true]]);
});

test('puzzle: hint marks the piece to move; show the solution plays it out and fails', async () => {
    const { c, calls } = controller();
    await c.start();
    c.hint();
    assert.equal(c.state.hint, 'd1');
    await c.showSolution();
    assert.equal(c.state.phase, 'shown');
    assert.equal(c.state.board?.fen, 'after d8e8');
    assert.equal(c.state.ply, 4);
    assert.deepEqual(calls.results, [['MkQF4R', false, true]]);
    assert.ok(isOver(c.state));
});

test('puzzle: castling is recognised either way the king is dropped', async () => {
    const castle: Puzzle = { ...puzzle, moves: ['e8e2', 'e1g1'], steps: [puzzle.steps[0]!, board('castled')] };
    const { c, calls } = controller(wrongVerdict, [castle]);
    await c.start();
    await c.play({ uci: 'e1h1', alternatives: ['e1g1'] });
    assert.equal(c.state.phase, 'solved');
    assert.equal(calls.tries.length, 0);
});

test('puzzle: streak mode is unrated and one mistake ends the streak', async () => {
    const { c, calls } = controller(wrongVerdict, [puzzle, puzzle, puzzle]);
    await c.start();
    await c.setMode('streak');
    await c.play({ uci: 'd1d8', alternatives: [] });
    await c.play({ uci: 'd8e8', alternatives: [] });
    assert.equal(c.state.streak, 1);
    assert.equal(c.state.bestStreak, 1);
    await c.next();
    await c.play({ uci: 'd1d7', alternatives: [] });
    assert.equal(c.state.streak, 0);
    assert.equal(c.state.streakOver, true);
    assert.equal(c.state.bestStreak, 1);
    assert.deepEqual(
        calls.results.map((r) => r[2]),
        [false, false],
    );
    assert.ok(isOver(c.state));
});

test('puzzle: the filter goes to the server; no puzzle left is its own phase', async () => {
    const { c, calls } = controller(wrongVerdict, [puzzle]);
    await c.start();
    await c.setFilter({ themes: ['fork', 'pin'], difficulty: -300 });
    assert.deepEqual(calls.next[1], { themes: ['fork', 'pin'], difficulty: -300 });
    assert.equal(c.state.phase, 'empty');
});

test('puzzle: moves outside the player turn are ignored', async () => {
    const { c, calls } = controller();
    await c.play({ uci: 'd1d8', alternatives: [] });
    assert.equal(calls.tries.length, 0);
    assert.equal(c.state.phase, 'loading');
});

test('puzzle: server answers are decoded and malformed ones refused', () => {
    const wire = {
        ...puzzle,
        start: { ...puzzle.start, dests: { e2: ['e4'] } },
        player: { ...player(), history: [[1700000000000, 1620]] },
    };
    const p = decodePuzzle(wire);
    assert.ok(p);
    assert.deepEqual(p.player.history, [[1700000000000, 1620]]);
    assert.equal(decodePuzzle({ ...wire, moves: ['e9e2'] }), undefined);
    assert.equal(decodePuzzle({ ...wire, orientation: 'red' }), undefined);
    assert.ok(decodeVerdict({ result: 'right', move: { uci: 'd1d8', san: 'Rd8+' }, steps: [] }));
    assert.equal(decodeVerdict({ result: 'maybe', move: { uci: 'd1d8', san: 'Rd8+' } }), undefined);
});

test('rating graph: the line spans the box, the highest rating on top', () => {
    const g = graphGeometry([1500, 1600, 1400], 320, 120);
    assert.equal(g.low, 1400);
    assert.equal(g.high, 1600);
    assert.equal(g.path, 'M40 60 L176 8 L312 112');
    assert.deepEqual(g.last, { x: 312, y: 112 });
    assert.equal(graphGeometry([], 320, 120).path, '');
    assert.equal(graphGeometry([1500], 320, 120).path, 'M176 60');
});
