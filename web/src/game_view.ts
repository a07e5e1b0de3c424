// The board: chessground showing the server's position, moves only to the server's `dests`
// (never free), castling by king-onto-rook or onto its target where unambiguous, premoves, our
// promotion chooser, and a refused move snapped back with the server's reason beside the board.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key, MoveMetadata, Piece } from '@lichess-org/chessground/types';
import { type CastlingMove, boardDests, castlingMove } from './castling.js';
import { el } from './dom.js';
import type { Arrow, BoardInput } from './game_ctrl.js';
import { t } from './i18n.js';
import { PromotionChooser, promotionSuffix } from './promotion.js';
import { type Color, type Square, fenTurn } from './protocol.js';

function asKey(square: Square): Key {
    return square as Key;
}

export class GameView {
    readonly el: HTMLElement;
    private readonly cg: Api;
    private readonly chooser = new PromotionChooser();
    private readonly refusal: HTMLElement;
    private current: BoardInput | null = null;
    /** The FEN last given to chessground: an unchanged one is not set again, which would wipe
     * the arrows drawn and undo a move waiting for the server. */
    private shownFen: string | null = null;
    private snapBacks = 0;
    private arrowsKey = '';
    private refusalText = '';

    /** `onMove`: a move made on the board (UCI; castling as king onto rook). */
    constructor(
        private readonly onMove: (uci: string) => void,
        reducedMotion: boolean,
    ) {
        const host = el('div', { class: 'board', attrs: { role: 'img', 'aria-label': t('boardLabel') } });
        const frame = el('div', { class: 'board-frame' }, [host, this.chooser.el]);
        this.refusal = el('p', { class: 'refusal' });
        this.refusal.hidden = true;
        this.el = el('div', { class: 'board-area' }, [frame, this.refusal]);
        this.cg = Chessground(host, {
            // Empty until the game's state arrives: a game from a position of one's own must not
            // show the start position meanwhile.
            fen: '8/8/8/8/8/8/8/8',
            coordinates: true,
            autoCastle: true,
            animation: { enabled: !reducedMotion, duration: 180 },
            movable: {
                free: false,
                color: undefined,
                showDests: true,
                rookCastle: true,
                events: { after: (orig, dest, meta) => void this.afterMove(orig, dest, meta) },
            },
            premovable: { enabled: true, showDests: true, castle: true },
            draggable: { enabled: true, showGhost: true },
            highlight: { lastMove: true, check: true },
            drawable: { enabled: true },
        });
    }

    /** Shows `input`; `refusal`: the reason of a refused move shown under the board ('' none). */
    render(input: BoardInput, refusal = ''): void {
        this.current = input;
        const { fen } = input;
        const turn = fenTurn(fen);
        const canMove = input.movable !== null && (input.movable === 'both' || input.movable === turn);
        if (this.chooser.isOpen && !canMove) this.chooser.cancel();
        const snap = input.snapBacks !== this.snapBacks;
        this.snapBacks = input.snapBacks;
        if (snap) this.cg.cancelMove();
        if (snap || fen !== this.shownFen) this.cg.set({ fen });
        this.shownFen = fen;
        this.cg.set({
            orientation: input.orientation,
            turnColor: turn,
            check: input.check,
            lastMove: input.lastMove ? input.lastMove.map(asKey) : undefined,
            movable: {
                free: false,
                color: input.movable === null ? undefined : input.movable === 'both' ? turn : input.movable,
                dests: canMove ? (boardDests(input.dests, input.castling) as Map<Key, Key[]>) : new Map(),
            },
            premovable: { enabled: input.premove },
            highlight: { custom: new Map(input.refused.map((s) => [asKey(s), 'refused'])) },
        });
        this.setArrows(input.arrows);
        this.refusalText = refusal;
        this.refusal.textContent = refusal === '' ? '' : t('refused', { text: refusal });
        this.refusal.hidden = refusal === '';
        if (input.movable === null) this.cg.cancelPremove();
        else if (canMove && this.cg.state.premovable.current) this.cg.playPremove();
    }

    private setArrows(arrows: readonly Arrow[]): void {
        const key = arrows.map((a) => `${a.orig}${a.dest}${a.brush}`).join(',');
        if (key === this.arrowsKey) return;
        this.arrowsKey = key;
        this.cg.setAutoShapes(arrows.map((a) => ({ orig: asKey(a.orig), dest: asKey(a.dest), brush: a.brush })));
    }

    /** Puts the pieces back where the last input has them (a cancelled promotion). */
    private snapBack(): void {
        this.cg.cancelMove();
        const input = this.current;
        if (!input) return;
        this.shownFen = null;
        this.render(input, this.refusalText);
    }

    private async afterMove(orig: Key, dest: Key, _meta: MoveMetadata): Promise<void> {
        const input = this.current;
        if (!input) return;
        const castle = castlingMove(orig, dest, input.dests, input.castling);
        if (castle) {
            this.placeCastling(castle, fenTurn(input.fen));
            this.onMove(castle.uci);
            return;
        }
        const suffix = await promotionSuffix(this.cg, this.chooser, dest, input.orientation);
        if (suffix === null || this.current !== input) {
            this.snapBack();
            return;
        }
        this.onMove(orig + dest + suffix);
    }

    /** Shows king and rook on their castling squares, whichever way the king was dropped. */
    private placeCastling(castle: CastlingMove, color: Color): void {
        const king: Piece = { role: 'king', color };
        const rook: Piece = { role: 'rook', color };
        const diff = new Map<Key, Piece | undefined>([
            [asKey(castle.king), undefined],
            [asKey(castle.rook), undefined],
        ]);
        diff.set(asKey(castle.kingTo), king);
        diff.set(asKey(castle.rookTo), rook);
        this.cg.setPieces(diff);
    }
}
