// The analysis as the server sends it: validated (extra fields dropped, malformed refused), the
// socket's analysis event, evaluation texts, the player's mistakes, the graph's points.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { graphPoints, plyAt, winningChances } from '../src/eval_graph.js';
import { parseServerMessage } from '../src/protocol.js';
import { bestAfter, decodeAnalysis, decodeTryAnswer, evalText, mistakesOf, moverOf } from '../src/review_protocol.js';

const ply = (n: number, judgement: string | null, wc: number, extra: Record<string, unknown> = {}) => ({
    ply: n,
    san: 'x',
    uci: 'e2e4',
    eval: { cp: Math.round(wc * 500) },
    best: { uci: 'd2d4', san: 'd4' },
    pv: ['d4', 'd5'],
    judgement,
    text: judgement ? 'Why.' : null,
    phase: 'opening',
    wc,
    cpl: 12,
    ...extra,
});

const sample = {
    status: 'done',
    progress: { done: 5, total: 5 },
    opening: { eco: 'C20', name: 'King’s Pawn Game', ply: 2 },
    start: { eval: { cp: 20 }, best: { uci: 'e2e4', san: 'e4' }, pv: ['e4'], wc: 0.04 },
    plies: [ply(1, null, 0.02), ply(2, 'mistake', 0.3), ply(3, 'blunder', -0.8), ply(4, 'inaccuracy', 0.9, { eval: { mate: 0, checkmate: 'black' } })],
    players: {
        white: { accuracy: 61.5, inaccuracies: 0, mistakes: 0, blunders: 1, acpl: 80, moves: 2 },
        black: { accuracy: null, inaccuracies: 1, mistakes: 1, blunders: 0, acpl: 40, moves: 2 },
    },
    division: { middlegame: null, endgame: null },
};

test('analysis: the server’s answer is read, extra fields dropped', () => {
    const a = decodeAnalysis(sample);
    assert.ok(a);
    assert.equal(a.plies.length, 4);
    assert.deepEqual(a.plies[3]!.eval, { mate: 0 });
    assert.equal(a.players?.black.accuracy, null);
    assert.deepEqual(a.opening, { eco: 'C20', name: 'King’s Pawn Game' });
    assert.equal(bestAfter(a, 0)?.san, 'e4', 'the start position’s best move');
    assert.equal(bestAfter(a, 1)?.san, 'd4', 'after ply 1: the best move of ply 2’s position');
    assert.equal(bestAfter(a, 4), null, 'after the last ply: none');
});

test('analysis: a queued one without plies, and malformed ones refused', () => {
    assert.deepEqual(decodeAnalysis({ status: 'queued', progress: { done: 0, total: 9 }, opening: null, start: null, plies: [], players: null })?.plies, []);
    assert.equal(decodeAnalysis({ ...sample, status: 'finished' }), undefined);
    assert.equal(decodeAnalysis({ ...sample, plies: [ply(1, 'terrible', 0)] }), undefined);
    assert.equal(decodeAnalysis({ ...sample, plies: [{ ...ply(1, null, 0), uci: 'e2' }] }), undefined);
    assert.equal(decodeAnalysis({ ...sample, plies: [{ ...ply(1, null, 0), wc: 'high' }] }), undefined);
});

test('analysis: the socket’s event, at the top or in d', () => {
    assert.deepEqual(parseServerMessage(JSON.stringify({ t: 'analysis', status: 'running', progress: { done: 3, total: 9 } })), {
        t: 'analysis',
        d: { status: 'running', progress: { done: 3, total: 9 } },
    });
    assert.deepEqual(parseServerMessage(JSON.stringify({ t: 'analysis', d: { status: 'done', progress: { done: 9, total: 9 } } }))?.t, 'analysis');
    assert.equal(parseServerMessage(JSON.stringify({ t: 'analysis', status: 'thinking' })), null);
});

test('analysis: evaluation texts from White’s view', () => {
    assert.equal(evalText({ cp: 34 }), '+0.3');
    assert.equal(evalText({ cp: -250 }), '−2.5');
    assert.equal(evalText({ cp: 3 }), '0.0');
    assert.equal(evalText({ mate: 3 }), '#3');
    assert.equal(evalText({ mate: -2 }), '#−2');
    assert.equal(evalText({ mate: 0 }), '', 'mate on the board: no number');
    assert.equal(evalText(null), '');
});

test('analysis: the mistakes and blunders of a side, Black first in a set-up position', () => {
    const a = decodeAnalysis(sample)!;
    assert.deepEqual(mistakesOf(a, ['white'], false), [3]);
    assert.deepEqual(mistakesOf(a, ['black'], false), [2], 'inaccuracies are not walked through');
    assert.deepEqual(mistakesOf(a, ['white', 'black'], false), [2, 3]);
    assert.equal(moverOf(1, true), 'black');
    assert.deepEqual(mistakesOf(a, ['white'], true), [2]);
});

test('analysis: a try’s answer', () => {
    const answer = decodeTryAnswer({ verdict: 'refused', ply: 3, uci: 'g2g4', san: 'g4', eval: { mate: -1 }, loss: 48.2, best: { uci: 'b1c3', san: 'Nc3' }, bestEval: { cp: 10 }, pv: ['Nc3'], text: 'This allows mate in 1: Qh4#.' });
    assert.equal(answer?.verdict, 'refused');
    assert.equal(answer?.san, 'g4');
    assert.equal(decodeTryAnswer({ verdict: 'maybe' }), undefined);
});

test('graph: winning chances on lichess’s curve, points from the start to the last ply', () => {
    assert.equal(winningChances({ cp: 0 }), 0);
    assert.ok(Math.abs(winningChances({ cp: 100 }) - 0.1820) < 0.001);
    assert.equal(winningChances({ mate: 2 }), winningChances({ cp: 1000 }));
    assert.equal(winningChances({ cp: 5000 }), winningChances({ cp: 1000 }), 'clamped to ±1000');
    const points = graphPoints(decodeAnalysis(sample)!);
    assert.deepEqual(points.map((p) => p.ply), [0, 1, 2, 3, 4]);
    assert.equal(points[4]!.x, 600);
    assert.ok(points[3]!.y > 60 && points[4]!.y < 60, 'White worse below the middle, better above');
    assert.deepEqual(points.filter((p) => p.judgement).map((p) => p.ply), [2, 3, 4]);
    assert.equal(plyAt(0.49, 4), 2);
    assert.equal(plyAt(1.2, 4), 4);
    assert.equal(plyAt(-0.1, 4), 0);
});
