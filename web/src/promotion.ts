// Our promotion chooser: four pieces in a column over the promotion square (queen nearest to
// it), buttons with the piece names, arrow keys between them, Escape or a click beside them
// cancels. Chessground has none of its own.
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { el } from './dom.js';
import { type MessageKey, t } from './i18n.js';
import type { Color, Square } from './protocol.js';

export type PromotionRole = 'queen' | 'knight' | 'rook' | 'bishop';

const Choices: ReadonlyArray<{ readonly role: PromotionRole; readonly letter: string; readonly name: MessageKey }> = [
    { role: 'queen', letter: 'q', name: 'pieceQueen' },
    { role: 'knight', letter: 'n', name: 'pieceKnight' },
    { role: 'rook', letter: 'r', name: 'pieceRook' },
    { role: 'bishop', letter: 'b', name: 'pieceBishop' },
];

export interface PromotionChoice {
    readonly role: PromotionRole;
    /** The UCI suffix: q, n, r or b. */
    readonly letter: string;
}

export class PromotionChooser {
    /** The overlay, placed over the board by the caller (class `cg-wrap` for the piece images). */
    readonly el: HTMLElement;
    private resolve: ((choice: PromotionChoice | null) => void) | null = null;
    private returnFocus: HTMLElement | null = null;

    constructor() {
        this.el = el('div', { class: 'promotion cg-wrap', attrs: { role: 'dialog', 'aria-modal': 'true' } });
        this.el.hidden = true;
        this.el.addEventListener('click', (ev) => {
            if (ev.target === this.el) this.finish(null);
        });
        this.el.addEventListener('keydown', (ev) => this.onKey(ev));
    }

    get isOpen(): boolean {
        return this.resolve !== null;
    }

    /** Shows the four pieces for `color` over `square`; resolves with the choice or `null`. */
    open(square: Square, color: Color, orientation: Color): Promise<PromotionChoice | null> {
        this.finish(null);
        this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        const file = square.charCodeAt(0) - 97;
        const column = orientation === 'white' ? file : 7 - file;
        const fromTop = (square[1] === '8') === (orientation === 'white');
        const heading = el('p', { class: 'promotion-heading', text: t('promotionHeading') });
        this.el.replaceChildren(heading);
        this.el.setAttribute('aria-label', t('promotionHeading'));
        this.el.classList.toggle('from-top', fromTop);
        this.el.classList.toggle('from-bottom', !fromTop);
        Choices.forEach((choice, i) => {
            const row = fromTop ? i : 7 - i;
            const piece = document.createElement('piece'); // styled by chessground's piece set
            piece.className = `${choice.role} ${color}`;
            const b = el('button', { class: 'promotion-choice', attrs: { type: 'button', 'aria-label': t(choice.name) } }, [piece]);
            b.style.left = `${column * 12.5}%`;
            b.style.top = `${row * 12.5}%`;
            b.addEventListener('click', () => this.finish({ role: choice.role, letter: choice.letter }));
            this.el.append(b);
        });
        const cancel = el('button', { class: 'promotion-cancel', text: '×', attrs: { type: 'button', 'aria-label': t('promotionCancel') } });
        cancel.addEventListener('click', () => this.finish(null));
        this.el.append(cancel);
        this.el.hidden = false;
        this.buttons()[0]?.focus();
        return new Promise((resolve) => {
            this.resolve = resolve;
        });
    }

    /** Closes without a choice (as Escape does). */
    cancel(): void {
        this.finish(null);
    }

    private buttons(): HTMLButtonElement[] {
        return [...this.el.querySelectorAll<HTMLButtonElement>('button.promotion-choice')];
    }

    private onKey(ev: KeyboardEvent): void {
        if (ev.key === 'Escape') {
            ev.preventDefault();
            this.finish(null);
            return;
        }
        if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp' && ev.key !== 'Tab') return;
        const buttons = [...this.el.querySelectorAll<HTMLButtonElement>('button')];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const back = ev.key === 'ArrowUp' || (ev.key === 'Tab' && ev.shiftKey);
        const next = (at + (back ? -1 : 1) + buttons.length) % buttons.length;
        ev.preventDefault(); // keep the focus inside the dialog
        buttons[next]?.focus();
    }

    private finish(choice: PromotionChoice | null): void {
        const resolve = this.resolve;
        this.resolve = null;
        this.el.hidden = true;
        this.el.replaceChildren();
        if (resolve) {
            this.returnFocus?.focus();
            resolve(choice);
        }
    }
}

/**
 * The promotion step after a drop on `dest`, for every board that plays moves: a pawn that
 * reached the last rank asks for its piece and shows it. The UCI suffix: '' when the move is no
 * promotion, the piece's letter, or null when the player cancelled (the caller puts the pieces
 * back).
 */
export async function promotionSuffix(cg: Api, chooser: PromotionChooser, dest: Key, orientation: Color): Promise<string | null> {
    const piece = cg.state.pieces.get(dest);
    if (piece?.role !== 'pawn' || (dest[1] !== '1' && dest[1] !== '8')) return '';
    const choice = await chooser.open(dest, piece.color, orientation);
    if (!choice) return null;
    cg.setPieces(new Map([[dest, { role: choice.role, color: piece.color, promoted: true }]]));
    return choice.letter;
}
