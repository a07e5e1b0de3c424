// The moves in pairs with their numbers, in the chosen piece letters. A click on a move or the
// keys ← → Home End (handled by the game page) show earlier positions; the shown one is marked.
import { button, el } from './dom.js';
import { t } from './i18n.js';
import { type Notation, convertSan } from './notation.js';
import type { MoveRecord } from './protocol.js';

/** What the analysis says about a move: its judgement's sign (?!, ?, ??) and name, the
 * evaluation after it. */
export interface MoveNote {
    readonly glyph: string;
    readonly judgement: string;
    readonly judgementClass: string;
    readonly eval: string;
}

export interface MoveNumbering {
    /** The full-move number of the first move. */
    readonly first: number;
    /** Does Black make the first move (a position set up with Black to move)? */
    readonly blackFirst: boolean;
}

/** From the initial FEN's side to move and full-move number. */
export function numbering(initialFen: string): MoveNumbering {
    const fields = initialFen.split(' ');
    const first = Number.parseInt(fields[5] ?? '1', 10);
    return { first: Number.isFinite(first) && first > 0 ? first : 1, blackFirst: fields[1] === 'b' };
}

/** "12." for White's move, "12…" for Black's, for ply `ply` (1-based). */
export function moveNumberText(ply: number, n: MoveNumbering): string {
    const index = ply - 1 + (n.blackFirst ? 1 : 0);
    const number = n.first + Math.floor(index / 2);
    return index % 2 === 0 ? `${number}.` : `${number}…`;
}

export class MoveList {
    readonly el: HTMLElement;
    private readonly list: HTMLOListElement;
    private readonly scroller: HTMLElement;
    private readonly empty: HTMLElement;
    private readonly nav: Record<'first' | 'previous' | 'next' | 'last', HTMLButtonElement>;

    constructor(private readonly onJump: (ply: number) => void, private readonly onStep: (step: 'first' | 'previous' | 'next' | 'last') => void) {
        this.list = el('ol', { class: 'move-list' });
        this.empty = el('p', { class: 'no-moves', text: t('noMovesYet') });
        const scroller = (this.scroller = el('div', { class: 'moves-scroll', attrs: { tabindex: '0', role: 'group', 'aria-label': t('moveListLabel') } }, [
            this.empty,
            this.list,
        ]));
        this.list.addEventListener('click', (ev) => {
            const target = ev.target instanceof HTMLElement ? ev.target.closest<HTMLElement>('[data-ply]') : null;
            if (!target) return;
            this.onJump(Number(target.dataset.ply));
            scroller.focus({ preventScroll: true });
        });
        const navButton = (step: 'first' | 'previous' | 'next' | 'last', symbol: string, label: string) => {
            const b = button(symbol, () => this.onStep(step), 'nav-button');
            b.setAttribute('aria-label', label);
            b.title = label;
            return b;
        };
        this.nav = {
            first: navButton('first', '«', t('firstMove')),
            previous: navButton('previous', '‹', t('previousMove')),
            next: navButton('next', '›', t('nextMove')),
            last: navButton('last', '»', t('lastMove')),
        };
        this.el = el('section', { class: 'moves', attrs: { 'aria-label': t('movesHeading') } }, [
            scroller,
            el('div', { class: 'move-nav' }, [this.nav.first, this.nav.previous, this.nav.next, this.nav.last]),
        ]);
    }

    /** Rebuilds the list; `shownPly` (0 … moves.length) is the position on the board; `notes`
     * by ply (1-based) once the game is analysed. */
    render(moves: readonly MoveRecord[], initialFen: string, notation: Notation, shownPly: number, notes: ReadonlyMap<number, MoveNote> = new Map()): void {
        const n = numbering(initialFen);
        const rows: HTMLLIElement[] = [];
        let row: HTMLLIElement | null = null;
        moves.forEach((move, i) => {
            const ply = i + 1;
            const whiteMove = (i + (n.blackFirst ? 1 : 0)) % 2 === 0;
            if (whiteMove || row === null) {
                row = el('li', { class: 'move-row' }, [el('span', { class: 'move-number', text: moveNumberText(ply, n).replace('…', '.') })]);
                if (!whiteMove) row.append(el('span', { class: 'move placeholder', text: '…', attrs: { 'aria-hidden': 'true' } }));
                rows.push(row);
            }
            const text = convertSan(move.san, notation);
            const note = notes.get(ply);
            const label = [`${moveNumberText(ply, n)} ${text}`, note?.judgement, note?.eval].filter((x) => x).join(', ');
            const cell = el(
                'button',
                {
                    class: `${ply === shownPly ? 'move active' : 'move'}${note?.judgementClass ? ` ${note.judgementClass}` : ''}`,
                    attrs: { type: 'button', tabindex: '-1', 'data-ply': String(ply), 'aria-label': label },
                },
                [
                    el('span', { class: 'san', text }),
                    note?.glyph ? el('span', { class: 'glyph', text: note.glyph }) : null,
                    note?.eval ? el('span', { class: 'eval', text: note.eval }) : null,
                ],
            );
            if (ply === shownPly) cell.setAttribute('aria-current', 'step');
            row.append(cell);
        });
        this.list.replaceChildren(...rows);
        this.empty.hidden = moves.length > 0;
        this.nav.first.disabled = this.nav.previous.disabled = shownPly <= 0;
        this.nav.next.disabled = this.nav.last.disabled = shownPly >= moves.length;
        this.keepInView(this.list.querySelector('.move.active'));
    }

    /** Scrolls the list (and only the list, never the page) so that `move` is visible. */
    private keepInView(move: Element | null): void {
        const box = this.scroller;
        if (!move) {
            box.scrollTop = 0; // the starting position is shown
            return;
        }
        const m = move.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        if (m.top < b.top) box.scrollTop -= b.top - m.top;
        else if (m.bottom > b.bottom) box.scrollTop += m.bottom - b.bottom;
    }
}
