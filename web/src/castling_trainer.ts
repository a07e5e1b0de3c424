// The castling trainer of the Chess960 page: the cases of the Chess960 text (only the rook
// moves, only the king, both swap, king b1 with rooks a1/h1) and three the rules refuse. A try
// goes to the server, which plays it or explains the refusal (Refusal, in the page's language).
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Config } from '@lichess-org/chessground/config';
import type { Key } from '@lichess-org/chessground/types';
import { announce } from './announce.js';
import { boardDests } from './castling.js';
import { button, el } from './dom.js';
import { type MessageKey, t } from './i18n.js';
import { type CaseId, type CastlingCase, type PositionMoves, fetchCastlingCases, tryMove } from './tools_api.js';

const CaseTitle: { readonly [C in CaseId]: MessageKey } = {
    'rook-only': 'trainerRookOnly',
    'king-only': 'trainerKingOnly',
    swap: 'trainerSwap',
    'king-b1': 'trainerKingB1',
    'through-check': 'trainerThroughCheck',
    blocked: 'trainerBlocked',
    'no-right': 'trainerNoRight',
};
const CaseHint: { readonly [C in CaseId]: MessageKey } = {
    'rook-only': 'trainerRookOnlyHint',
    'king-only': 'trainerKingOnlyHint',
    swap: 'trainerSwapHint',
    'king-b1': 'trainerKingB1Hint',
    'through-check': 'trainerThroughCheckHint',
    blocked: 'trainerBlockedHint',
    'no-right': 'trainerNoRightHint',
};

/** What the board may offer: the legal moves with the castling drops, and the castling tries. */
function boardMoves(p: PositionMoves): Map<Key, Key[]> {
    const out = boardDests(p.dests, p.castling) as Map<Key, Key[]>;
    for (const [from, tos] of Object.entries(p.tries)) {
        const list = out.get(from as Key) ?? [];
        for (const to of tos) if (!list.includes(to as Key)) list.push(to as Key);
        out.set(from as Key, list);
    }
    return out;
}

function targetsTable(): HTMLElement {
    const row = (cells: readonly string[], head = false) => el('tr', {}, cells.map((c) => el(head ? 'th' : 'td', { text: c, attrs: head ? { scope: 'col' } : {} })));
    return el('div', { class: 'table-scroll' }, [
        el('table', { class: 'targets' }, [
            el('thead', {}, [row([t('trainerSide'), t('white'), t('black')], true)]),
            el('tbody', {}, [
                row([t('trainerGSide'), t('trainerKingRook', { king: 'g1', rook: 'f1' }), t('trainerKingRook', { king: 'g8', rook: 'f8' })]),
                row([t('trainerCSide'), t('trainerKingRook', { king: 'c1', rook: 'd1' }), t('trainerKingRook', { king: 'c8', rook: 'd8' })]),
            ]),
        ]),
    ]);
}

export function castlingTrainer(): HTMLElement {
    const host = el('div', { class: 'board', attrs: { role: 'img', 'aria-label': t('boardLabel') } });
    const list = el('div', { class: 'case-list', attrs: { role: 'group', 'aria-label': t('trainerCases') } });
    const title = el('h3', { class: 'case-title' });
    const hint = el('p', { class: 'case-hint' });
    const answer = el('p', { class: 'trainer-answer', attrs: { role: 'status' } });
    const reset = button(t('trainerAgain'), () => current && open(current));
    let cg: Api | null = null;
    let current: CastlingCase | null = null;
    let position: PositionMoves | null = null;
    const buttons = new Map<CaseId, HTMLButtonElement>();

    const showPosition = (p: PositionMoves, check = p.check) => {
        position = p;
        const config: Config = {
            fen: p.fen.split(' ')[0] ?? p.fen,
            turnColor: p.turn,
            check: check ? p.turn : false,
            movable: { color: p.turn, dests: boardMoves(p), free: false, showDests: true, rookCastle: true, events: { after: (o: Key, d: Key) => void attempt(o, d) } },
            drawable: { autoShapes: [] },
        };
        if (!cg) cg = Chessground(host, { coordinates: true, autoCastle: false, ...config });
        else cg.set(config);
    };
    const open = (c: CastlingCase) => {
        current = c;
        for (const [id, b] of buttons) b.setAttribute('aria-pressed', String(id === c.id));
        title.textContent = t(CaseTitle[c.id]);
        hint.textContent = t(CaseHint[c.id]);
        answer.textContent = t('trainerTry');
        answer.className = 'trainer-answer';
        showPosition(c.position);
    };
    const attempt = async (from: Key, to: Key) => {
        if (!position) return;
        const before = position;
        try {
            const r = await tryMove(before.fen, from, to);
            if (r.legal) {
                showPosition(r.position);
                cg?.set({ movable: { color: undefined } });
                answer.textContent = r.castling ? t('trainerCastled', { san: r.san }) : t('trainerNotCastling', { san: r.san });
                answer.className = `trainer-answer ${r.castling ? 'good' : ''}`;
            } else {
                showPosition(before);
                cg?.set({ drawable: { autoShapes: r.refusal.squares.map((s) => ({ orig: s as Key, brush: 'red' })) } });
                answer.textContent = t('trainerRefused', { reason: r.refusal.text });
                answer.className = 'trainer-answer refused';
            }
        } catch (e) {
            showPosition(before);
            answer.textContent = e instanceof Error ? e.message : String(e);
        }
        announce(answer.textContent ?? '');
    };

    fetchCastlingCases()
        .then((cases) => {
            list.replaceChildren(
                ...cases.map((c) => {
                    const b = button(t(CaseTitle[c.id]), () => open(c), 'case-button');
                    b.dataset['case'] = c.id;
                    buttons.set(c.id, b);
                    return b;
                }),
            );
            if (cases[0]) open(cases[0]);
        })
        .catch((e: unknown) => {
            answer.textContent = e instanceof Error ? e.message : String(e);
        });

    return el('section', { class: 'castling-trainer' }, [
        el('h2', { text: t('trainerHeading') }),
        el('p', { class: 'intro', text: t('trainerIntro') }),
        targetsTable(),
        el('p', { class: 'hint', text: t('trainerConditions') }),
        list,
        el('div', { class: 'explorer' }, [el('div', { class: 'board-frame' }, [host]), el('div', { class: 'explorer-side' }, [title, hint, answer, reset])]),
    ]);
}
