import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
    AnalysisController,
    type AnalysisState,
    type Outgoing,
    addressOf,
    initialState,
    parseAddress,
    stateFromAddress,
} from '../src/analysis_controller.js';
import { type Tree, fromPgn, isMainline, isTree, moveNumber, nagSymbol, newTree, nodeAt } from '../src/analysis_tree.js';

function start(): { c: AnalysisController; sent: Outgoing[]; states: AnalysisState[] } {
    const sent: Outgoing[] = [];
    const states: AnalysisState[] = [];
    const tree = newTree() as Tree;
    const c = new AnalysisController(initialState(tree), (m) => sent.push(m), (s) => states.push(s));
    return { c, sent, states };
}

function playAll(c: AnalysisController, moves: string[]): void {
    for (const m of moves) assert.equal(c.play(m), true, m);
}

test('analysis tree: moves make a line, another move a variation, the same move no copy', () => {
    const { c } = start();
    playAll(c, ['e2e4', 'e7e5', 'g1f3']);
    assert.deepEqual(c.state.path, ['e2e4', 'e7e5', 'g1f3']);
    assert.equal(nodeAt(c.state.tree, c.state.path)?.san, 'Nf3');
    c.prev();
    playAll(c, ['f1c4']); // a variation at White's 2nd move
    assert.deepEqual(c.state.path, ['e2e4', 'e7e5', 'f1c4']);
    const e5 = nodeAt(c.state.tree, ['e2e4', 'e7e5'])!;
    assert.deepEqual(
        e5.children.map((n) => n.san),
        ['Nf3', 'Bc4'],
    );
    assert.equal(isMainline(c.state.tree, c.state.path), false);
    c.prev();
    playAll(c, ['g1f3']); // already there: the cursor moves, no second node
    assert.equal(nodeAt(c.state.tree, ['e2e4', 'e7e5'])!.children.length, 2);
    assert.equal(c.play('e1e3'), false); // illegal
    assert.equal(c.play('nonsense'), false);
});

test('analysis tree: castling as e1g1 or king onto rook, the same node; promotion', () => {
    const { c } = start();
    playAll(c, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'e1g1']);
    assert.equal(nodeAt(c.state.tree, c.state.path)?.san, 'O-O');
    assert.equal(c.state.path.at(-1), 'e1h1');
    c.prev();
    playAll(c, ['e1h1']);
    assert.equal(nodeAt(c.state.tree, c.state.path.slice(0, -1))!.children.length, 1);
    const { c: p } = start();
    assert.equal(p.loadFen('8/P6k/8/8/8/8/8/K7 w - - 0 1', false), true);
    playAll(p, ['a7a8n']);
    assert.equal(nodeAt(p.state.tree, p.state.path)?.san, 'a8=N');
});

test('analysis tree: delete and promote (one step and to the main line)', () => {
    const { c } = start();
    playAll(c, ['e2e4', 'e7e5', 'g1f3']);
    c.goTo(['e2e4']);
    playAll(c, ['c7c5', 'g1f3']); // 1... c5 2. Nf3
    c.goTo(['e2e4']);
    playAll(c, ['e7e6']); // 1... e6
    const children = () => nodeAt(c.state.tree, ['e2e4'])!.children.map((n) => n.san);
    assert.deepEqual(children(), ['e5', 'c5', 'e6']);
    c.promote(false); // e6 before its siblings
    assert.deepEqual(children(), ['e6', 'e5', 'c5']);
    c.goTo(['e2e4', 'c7c5', 'g1f3']);
    c.promote(true); // the Sicilian to the main line
    assert.deepEqual(children(), ['c5', 'e6', 'e5']);
    assert.equal(isMainline(c.state.tree, c.state.path), true);
    c.deleteAt(['e2e4', 'c7c5']); // the cursor was inside: it goes to the parent
    assert.deepEqual(c.state.path, ['e2e4']);
    assert.deepEqual(children(), ['e6', 'e5']);
    c.deleteAt(['e2e4', 'e7e6']); // elsewhere: the cursor stays
    assert.deepEqual(c.state.path, ['e2e4']);
    assert.deepEqual(children(), ['e5']);
});

test('analysis navigation: next, prev, first, last, variations up and down', () => {
    const { c } = start();
    playAll(c, ['d2d4', 'd7d5', 'c2c4', 'e7e6']);
    c.first();
    assert.deepEqual(c.state.path, []);
    c.prev(); // nothing before the start
    assert.deepEqual(c.state.path, []);
    c.next();
    c.next();
    assert.deepEqual(c.state.path, ['d2d4', 'd7d5']);
    c.last();
    assert.deepEqual(c.state.path, ['d2d4', 'd7d5', 'c2c4', 'e7e6']);
    c.next(); // nothing after the end
    assert.equal(c.state.path.length, 4);
    c.prev();
    playAll(c, ['d5c4']);
    c.sibling(-1);
    assert.deepEqual(c.state.path, ['d2d4', 'd7d5', 'c2c4', 'e7e6']);
    c.sibling(1);
    assert.deepEqual(c.state.path, ['d2d4', 'd7d5', 'c2c4', 'd5c4']);
    c.goTo(['d2d4', 'x']); // leaves the tree: as far as it goes
    assert.deepEqual(c.state.path, ['d2d4']);
});

test('analysis engine: each new position asks again, old lines are dropped, stop when off', () => {
    const { c, sent } = start();
    c.play('e2e4'); // not connected yet: nothing sent
    assert.equal(sent.length, 0);
    c.connected();
    assert.deepEqual(sent.at(-1), {
        t: 'analyse',
        id: c.state.engine.id,
        fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        moves: ['e2e4'],
        multipv: 3,
        chess960: false,
    });
    const first = c.state.engine.id;
    c.receive({ t: 'lines', id: first, depth: 5, nodes: 1000, done: false, lines: [{ eval: { cp: -20 }, pv: ['e7e5'], san: ['e5'] }] });
    assert.equal(c.state.engine.depth, 5);
    assert.equal(c.state.engine.lines[0]?.san[0], 'e5');
    c.play('c7c5');
    assert.equal(c.state.engine.lines.length, 0); // the old position's lines go at once
    c.receive({ t: 'lines', id: first, depth: 9, nodes: 1, done: false, lines: [] }); // late: dropped
    assert.equal(c.state.engine.depth, 0);
    c.receive({ t: 'opening', id: c.state.engine.id, opening: { eco: 'B20', name: 'Sicilian Defense' } });
    assert.deepEqual(c.state.opening, { eco: 'B20', name: 'Sicilian Defense' });
    c.setMultiPv(9);
    assert.equal(c.state.engine.multipv, 5);
    assert.equal((sent.at(-1) as { multipv: number }).multipv, 5);
    c.setEngine(false);
    assert.deepEqual(sent.at(-1), { t: 'stop' });
    c.receive({ t: 'error', id: c.state.engine.id, code: 'busy', text: 'busy now' });
    assert.equal(c.state.engine.error?.code, 'busy');
    const count = sent.length;
    c.goTo(c.state.path); // the same position: nothing new to ask
    assert.equal(sent.length, count);
});

test('analysis PGN: export with variations, comments and NAGs; read back the same tree', () => {
    const { c } = start();
    playAll(c, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    c.goTo(['e2e4', 'e7e5', 'g1f3']);
    playAll(c, ['d7d6']);
    c.setComment('Philidor: solid but passive');
    c.toggleNag(6);
    c.toggleNag(2); // replaces ?! (same group)
    c.toggleNag(14); // a position NAG besides
    c.goTo(['e2e4']);
    c.toggleNag(1);
    const pgn = c.pgn();
    assert.match(pgn, /1\. e4 \$1 1\.\.\. e5 2\. Nf3 Nc6 \( 2\.\.\. d6 \$2 \$14 \{ Philidor: solid but passive \} \) \*/);
    const back = fromPgn(pgn);
    assert.ok(!('kind' in back));
    assert.equal(back.tree.children[0]!.nags[0], 1);
    const d6 = nodeAt(back.tree, ['e2e4', 'e7e5', 'g1f3', 'd7d6'])!;
    assert.equal(d6.comment, 'Philidor: solid but passive');
    assert.deepEqual(d6.nags, [2, 14]);
    assert.equal(nagSymbol(2), '?');
    assert.equal(nagSymbol(14), '+=');
});

test('analysis PGN: a pasted game with nested variations, a FEN start, Chess960, errors', () => {
    const text = `[Event "Test"]
[White "A"]
[Black "B"]

1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 Nc6 3. Bb5 a6 *`;
    const { c } = start();
    assert.equal(c.loadPgn(text, { ply: 3 }), true);
    assert.deepEqual(c.state.path, ['e2e4', 'e7e5', 'g1f3']);
    const c5 = nodeAt(c.state.tree, ['e2e4', 'c7c5'])!;
    assert.deepEqual(
        c5.children.map((n) => n.san),
        ['Nf3', 'c3'],
    );
    assert.equal(nodeAt(c.state.tree, ['e2e4'])!.comment, 'best by test');
    assert.match(c.pgn(), /1\. e4 \{ best by test \} e5 \( 1\.\.\. c5 2\. Nf3 \( 2\. c3 d5 \) 2\.\.\. d6 \) 2\. Nf3 Nc6 3\. Bb5 a6 \*/);

    const fen = '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n[SetUp "1"]\n\n1. O-O-O O-O *';
    assert.equal(c.loadPgn(fen), true);
    assert.match(c.pgn(), /\[FEN "r3k2r\/8\/8\/8\/8\/8\/8\/R3K2R w KQkq - 0 1"\]/);
    assert.deepEqual(c.state.tree.children.map((n) => n.uci), ['e1a1']);

    // Chess960: castling king onto rook, exported with its Variant.
    const c960 = newTree('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1', true);
    assert.ok(isTree(c960));
    const { c: d } = start();
    assert.equal(d.loadFen(c960.fen, true), true);
    playAll(d, ['g2g3', 'g7g6', 'd1e3']);
    const out = d.pgn();
    assert.match(out, /\[Variant "Chess960"\]/);
    assert.equal(d.loadPgn(out), true);
    assert.equal(d.state.tree.chess960, true);

    assert.equal(c.loadPgn('1. e4 e5 2. Ke3 *'), false);
    assert.deepEqual(c.state.notice, { kind: 'bad-pgn-move', san: 'Ke3', ply: 3 });
    assert.equal(c.loadPgn('no game here'), false);
    assert.deepEqual(c.state.notice, { kind: 'no-game' });
    assert.equal(c.loadFen('8/8/8/8 w - - 0 1', false), false);
    assert.equal(c.state.notice?.kind, 'bad-fen');
});

test('analysis address: position, line, variant and colour round trip', () => {
    const { c } = start();
    playAll(c, ['e2e4', 'c7c5', 'g1f3']);
    c.flip();
    const address = addressOf(c.state);
    assert.equal(address, '/analyse?line=e2e4_c7c5_g1f3&color=black');
    const back = stateFromAddress(parseAddress(address.slice('/analyse'.length)));
    assert.deepEqual(back.path, ['e2e4', 'c7c5', 'g1f3']);
    assert.equal(back.orientation, 'black');

    const { c: f } = start();
    assert.equal(f.loadFen('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1', true), true);
    playAll(f, ['g2g3']);
    const a960 = addressOf(f.state);
    assert.equal(a960, '/analyse?fen=bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR_w_KQkq_-_0_1&variant=chess960&line=g2g3');
    const s960 = stateFromAddress(parseAddress(a960.slice('/analyse'.length)));
    assert.equal(s960.tree.chess960, true);
    assert.equal(s960.tree.fen, f.state.tree.fen);
    assert.deepEqual(s960.path, ['g2g3']);

    const game = parseAddress('?game=aB3dE5gH&ply=12');
    assert.equal(game.game, 'aB3dE5gH');
    assert.equal(game.ply, 12);
    // Nonsense is left out, never a crash: a bad FEN falls back to the start with a notice.
    const bad = stateFromAddress(parseAddress('?fen=xyz&line=e2e4_zz_e7e5'));
    assert.equal(bad.notice?.kind, 'bad-fen');
    assert.deepEqual(bad.path, ['e2e4', 'e7e5']);
    assert.equal(moveNumber(1, false), '1.');
    assert.equal(moveNumber(2, true), '1…');
});

test('analysis view: the board for the node shown, the lines as arrows, evaluations in words', async () => {
    const { boardConfig, evalText, lineArrows, winningChances } = await import('../src/analysis_view.js');
    const { c } = start();
    playAll(c, ['e2e4']);
    c.connected();
    c.receive({ t: 'lines', id: c.state.engine.id, depth: 3, nodes: 10, done: false, lines: [
        { eval: { cp: 30 }, pv: ['c7c5', 'g1f3'], san: ['c5', 'Nf3'] },
        { eval: { mate: -2 }, pv: ['e7e5'], san: ['e5'] },
    ] });
    const config = boardConfig(c.state);
    assert.equal(config.turnColor, 'black');
    assert.deepEqual(config.lastMove, ['e2', 'e4']);
    assert.deepEqual([...(config.movable?.dests?.get('e7') ?? [])].sort(), ['e5', 'e6']);
    assert.equal(config.check, false);
    const arrows = lineArrows(c.state.engine);
    assert.deepEqual(arrows.map((a) => [a.orig, a.dest, a.brush]), [['c7', 'c5', 'blue'], ['e7', 'e5', 'paleGrey']]);
    c.setEngine(false);
    assert.deepEqual(lineArrows(c.state.engine), []);
    assert.equal(evalText({ cp: 35 }), '+0.35');
    assert.equal(evalText({ cp: -120 }), '−1.20');
    assert.equal(evalText({ cp: 0 }), '0.00');
    assert.equal(evalText({ mate: 3 }), '#3');
    assert.equal(evalText({ mate: -2 }), '#−2');
    assert.equal(winningChances({ cp: 0 }), 0);
    assert.ok(Math.abs(winningChances({ cp: 100 }) - 0.1819) < 0.001);
    assert.equal(winningChances({ cp: 5000 }), winningChances({ cp: 1000 }));
    assert.equal(winningChances({ mate: -1 }), -1);
    // Check: the side to move's king is marked.
    const { c: m } = start();
    playAll(m, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    assert.equal(boardConfig(m.state).check, 'white');
});
