// The analysis board's view: pure functions of the State (and the piece letters) to the DOM of
// each part of the page and to the board's configuration. The page renders a part again only
// when the slice of the State it shows has changed (compared by reference), so that typing a
// comment is not interrupted by the engine's lines.
import type { Config } from '@lichess-org/chessground/config';
import type { DrawShape } from '@lichess-org/chessground/draw';
import type { Key } from '@lichess-org/chessground/types';
import { chessgroundDests } from 'chessops/compat';
import {
    type AnalysisState,
    type EngineLine,
    type EngineState,
    type Eval,
    MaxMultiPv,
    type Notice,
    type Opening,
    currentFen,
    currentNode,
    turnOf,
} from './analysis_controller.js';
import { type MoveNode, MoveNags, type Path, PositionNags, type Tree, moveNumber, nagSymbol, positionOf } from './analysis_tree.js';
import { button, el } from './dom.js';
import { t } from './i18n.js';
import { type Notation, convertSan } from './notation.js';

export interface Actions {
    readonly goTo: (path: Path) => void;
    readonly play: (uci: string) => void;
    readonly deleteHere: () => void;
    readonly promote: (toMainline: boolean) => void;
    readonly comment: (text: string) => void;
    readonly nag: (nag: number) => void;
    readonly flip: () => void;
    readonly engineOn: (on: boolean) => void;
    readonly multipv: (n: number) => void;
}

// ---- the board ----

/** The board's configuration for the position shown: the side to move may move (any legal move
 * makes a node), the last move and check marked, the engine's lines as arrows. */
export function boardConfig(state: AnalysisState): Config {
    const fen = currentFen(state);
    const pos = positionOf(fen);
    const node = currentNode(state);
    const turn = turnOf(fen);
    return {
        fen: fen.split(' ')[0] ?? fen,
        orientation: state.orientation,
        turnColor: turn,
        check: pos?.isCheck() ? turn : false,
        lastMove: node ? ([node.uci.slice(0, 2), node.uci.slice(2, 4)] as Key[]) : [],
        movable: {
            free: false,
            color: turn,
            dests: pos ? (chessgroundDests(pos, { chess960: state.tree.chess960 }) as Map<Key, Key[]>) : new Map(),
        },
        drawable: { autoShapes: lineArrows(state.engine) },
    };
}

/** One arrow per engine line (its first move), the best one boldest. */
export function lineArrows(engine: EngineState): DrawShape[] {
    if (!engine.on) return [];
    return engine.lines.flatMap((line, i) => {
        const first = line.pv[0];
        if (!first) return [];
        return [
            {
                orig: first.slice(0, 2) as Key,
                dest: first.slice(2, 4) as Key,
                brush: i === 0 ? 'blue' : 'paleGrey',
                modifiers: { lineWidth: i === 0 ? 12 : 7 },
            },
        ];
    });
}

// ---- evaluations ----

/** White's winning chances in −1…1 (lichess's curve, as the review uses). */
export function winningChances(e: Eval): number {
    if ('mate' in e) return e.mate > 0 ? 1 : -1;
    const cp = Math.max(-1000, Math.min(1000, e.cp));
    return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** "+0.35", "−1.20", "#3", "#−2" (White's view). */
export function evalText(e: Eval): string {
    if ('mate' in e) return e.mate > 0 ? `#${e.mate}` : `#−${-e.mate}`;
    const pawns = (e.cp / 100).toFixed(2);
    return e.cp > 0 ? `+${pawns}` : e.cp < 0 ? `−${pawns.slice(1)}` : '0.00';
}

/** The evaluation bar: White's share from the bottom (or the top when Black is below). */
export function evalBar(state: AnalysisState): HTMLElement {
    const best = state.engine.on ? state.engine.lines[0]?.eval : undefined;
    const white = best ? 50 + 50 * winningChances(best) : 50;
    const fill = el('div', { class: 'eval-fill' });
    // CSSOM, not a style attribute: the Content-Security-Policy refuses inline styles.
    fill.style.height = `${white.toFixed(1)}%`;
    return el(
        'div',
        {
            class: `eval-bar${state.orientation === 'black' ? ' flipped' : ''}${best ? '' : ' idle'}`,
            attrs: { role: 'meter', 'aria-label': t('anEvalBar'), 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': white.toFixed(0), 'aria-valuetext': best ? evalText(best) : t('anNoEval') },
        },
        [fill],
    );
}

// ---- the move list ----

function moveLabel(node: MoveNode, notation: Notation, withNumber: boolean): string {
    const number = moveNumber(node.ply, withNumber);
    const nags = node.nags.map(nagSymbol).join('');
    return `${number ? `${number} ` : ''}${convertSan(node.san, notation)}${nags}`;
}

/** The tree as lichess shows it: the main line's moves in a row, each variation nested under the
 * move it replaces, in parentheses; comments after their moves. */
export function movesView(tree: Tree, path: Path, notation: Notation, actions: Actions): HTMLElement {
    const current = path.join(' ');
    const moveEl = (node: MoveNode, at: Path, withNumber: boolean): HTMLElement => {
        const key = at.join(' ');
        const b = el('button', {
            class: `move${key === current ? ' current' : ''}`,
            text: moveLabel(node, notation, withNumber || node.ply % 2 === 1),
            attrs: { type: 'button', 'data-path': key, ...(key === current ? { 'aria-current': 'true' } : {}) },
        });
        b.addEventListener('click', () => actions.goTo(at));
        return b;
    };
    // A line from `children[0]` onward; the other children are variations shown after the first.
    const line = (children: readonly MoveNode[], at: Path, numberFirst: boolean, into: HTMLElement) => {
        let nodes = children;
        let here = at;
        let needNumber = numberFirst;
        while (nodes[0]) {
            const main = nodes[0];
            const mainPath = [...here, main.uci];
            into.append(moveEl(main, mainPath, needNumber));
            needNumber = false;
            if (main.comment) {
                into.append(el('span', { class: 'comment', text: main.comment }));
                needNumber = true;
            }
            if (nodes.length > 1) {
                const block = el('div', { class: 'variations' });
                for (const alt of nodes.slice(1)) {
                    const v = el('div', { class: 'variation' });
                    line([alt], here, true, v);
                    block.append(v);
                }
                into.append(block);
                needNumber = true;
            }
            here = mainPath;
            nodes = main.children;
        }
    };
    const list = el('div', { class: 'an-moves', attrs: { role: 'list', 'aria-label': t('anMovesLabel') } });
    if (tree.comment) list.append(el('span', { class: 'comment', text: tree.comment }));
    line(tree.children, [], true, list);
    if (tree.children.length === 0) list.append(el('p', { class: 'hint', text: t('anNoMoves') }));
    return list;
}

// ---- the node's tools: variation, comment, NAGs ----

export function nodeTools(path: Path, node: MoveNode | undefined, isMain: boolean, actions: Actions): HTMLElement {
    const box = el('div', { class: 'an-node' });
    if (!node) {
        box.append(el('p', { class: 'hint', text: t('anStartHint') }));
        return box;
    }
    const row = el('div', { class: 'entry-row' }, [
        button(t('anPromote'), () => actions.promote(false)),
        button(t('anMainline'), () => actions.promote(true)),
        button(t('anDelete'), () => actions.deleteHere(), 'danger'),
    ]);
    for (const b of [...row.querySelectorAll('button')].slice(0, 2)) (b as HTMLButtonElement).disabled = isMain;
    const nags = el('div', { class: 'nags', attrs: { role: 'group', 'aria-label': t('anNagsLabel') } });
    for (const n of [...MoveNags, ...PositionNags]) {
        const on = node.nags.includes(n);
        const b = button(nagSymbol(n), () => actions.nag(n), `nag${on ? ' on' : ''}`);
        b.setAttribute('aria-pressed', String(on));
        b.title = `$${n}`;
        nags.append(b);
    }
    const id = `comment-${path.length}`;
    const area = el('textarea', { class: 'comment-input', attrs: { id, rows: '2', 'data-path': path.join(' ') } });
    area.value = node.comment;
    area.addEventListener('change', () => actions.comment(area.value));
    box.append(row, nags, el('label', { text: t('anComment'), attrs: { for: id } }), area);
    return box;
}

// ---- the engine ----

function lineView(line: EngineLine, notation: Notation, state: AnalysisState, actions: Actions): HTMLElement {
    const ply = (currentNode(state)?.ply ?? state.tree.ply) + 1;
    const moves = line.san.slice(0, 12).map((san, i) => {
        const p = ply + i;
        const number = moveNumber(p, i === 0);
        return `${number ? `${number} ` : ''}${convertSan(san, notation)}`;
    });
    const first = line.pv[0];
    const b = el('button', { class: 'pv', attrs: { type: 'button' } }, [
        el('span', { class: 'pv-eval', text: evalText(line.eval) }),
        el('span', { class: 'pv-moves', text: moves.join(' ') }),
    ]);
    if (first) b.addEventListener('click', () => actions.play(first));
    return b;
}

export function engineView(state: AnalysisState, notation: Notation, actions: Actions): HTMLElement {
    const e = state.engine;
    const toggleId = 'engine-toggle';
    const toggle = el('input', { attrs: { id: toggleId, type: 'checkbox' } });
    toggle.checked = e.on;
    toggle.addEventListener('change', () => actions.engineOn(toggle.checked));
    const selectId = 'engine-lines';
    const select = el('select', { attrs: { id: selectId } });
    for (let n = 1; n <= MaxMultiPv; n += 1) select.append(el('option', { text: String(n), attrs: { value: String(n) } }));
    select.value = String(e.multipv);
    select.addEventListener('change', () => actions.multipv(Number(select.value)));
    const status =
        state.connection !== 'open'
            ? t(state.connection === 'closed' ? 'anOffline' : 'anConnecting')
            : !e.on
              ? t('anEngineOff')
              : e.error
                ? e.error.text
                : e.depth === 0 && e.done
                  ? t('anNoLegalMoves')
                  : e.depth === 0
                    ? t('anThinking')
                    : t(e.done ? 'anDepthDone' : 'anDepth', { depth: e.depth, nodes: nodesText(e.nodes) });
    const head = el('div', { class: 'engine-head' }, [
        el('span', { class: 'radio' }, [toggle, el('label', { text: t('anEngine'), attrs: { for: toggleId } })]),
        el('label', { text: t('anLines'), attrs: { for: selectId } }),
        select,
    ]);
    const lines = el('div', { class: 'pvs', attrs: { 'aria-label': t('anLinesLabel') } });
    if (e.on) for (const l of e.lines) lines.append(lineView(l, notation, state, actions));
    return el('section', { class: 'an-engine' }, [head, el('p', { class: 'engine-status', text: status, attrs: { role: 'status' } }), lines]);
}

function nodesText(n: number): string {
    if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)} M`;
    if (n >= 1000) return `${Math.round(n / 1000)} k`;
    return String(n);
}

export function openingView(opening: Opening | null): HTMLElement {
    return el('p', { class: 'opening', text: opening ? `${opening.eco} · ${opening.name}` : '' });
}

export function noticeText(notice: Notice): string {
    if (!notice) return '';
    switch (notice.kind) {
        case 'loaded':
            return t('anLoaded');
        case 'bad-fen':
            return t('anBadFen');
        case 'no-game':
            return t('anNoGame');
        case 'bad-pgn-move':
            return t('anBadPgnMove', { san: notice.san, move: Math.floor((notice.ply - 1) / 2) + 1 });
    }
}
