// The board: chessground showing the server's position, moves only to the server's `dests`
// (never free), castling by king-onto-rook or onto its target where unambiguous, premoves, our
// promotion chooser, and a refused move snapped back with the server's reason beside the board.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key, MoveMetadata, Piece } from '@lichess-org/chessground/types';
import { type CastlingMove, boardDests, castlingMove } from './castling.js';
import { el } from './dom.js';
import type { PlyView } from './game_state.js';
import { t } from './i18n.js';
import { PromotionChooser, promotionSuffix } from './promotion.js';
import { type Color, type GameState, type Square, fenTurn } from './protocol.js';

export interface BoardState {
    readonly game: GameState;
    /** An earlier position being looked at (read-only), or `null` for the live one. */
    readonly viewing: PlyView | null;
    readonly orientation: Color;
    /** The colour(s) the user may move now and premove for; `null` for none (spectators, game over). */
    readonly movable: Color | 'both' | null;
}

function asKey(square: Square): Key {
    return square as Key;
}

export class GameView {
    readonly el: HTMLElement;
    private readonly cg: Api;
    private readonly chooser = new PromotionChooser();
    private readonly refusal: HTMLElement;
    private current: BoardState | null = null;
    /** The FEN last given to chessground: an unchanged one is not set again, which would wipe
     * the arrows drawn and undo a move waiting for the server. */
    private shownFen: string | null = null;
    private refusedSquares: readonly Square[] = [];

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

    /** Shows `state`; the refusal highlight of the last render goes. `force`: put the pieces
     * where the state has them even when its position did not change. */
    render(state: BoardState, force = false): void {
        this.current = state;
        if (this.chooser.isOpen && state.viewing !== null) this.chooser.cancel();
        const { game, viewing } = state;
        const fen = viewing?.fen ?? game.fen;
        const turn = fenTurn(fen);
        const live = viewing === null;
        const canMove = live && state.movable !== null && (state.movable === 'both' || state.movable === turn);
        const lastMove = (viewing ? viewing.lastMove : game.lastMove) ?? undefined;
        if (force || fen !== this.shownFen) this.cg.set({ fen });
        this.shownFen = fen;
        this.cg.set({
            orientation: state.orientation,
            turnColor: turn,
            check: viewing ? viewing.check : game.check !== null,
            lastMove: lastMove ? lastMove.map(asKey) : undefined,
            movable: {
                free: false,
                color: live && state.movable !== null ? (state.movable === 'both' ? turn : state.movable) : undefined,
                dests: canMove ? (boardDests(game.dests, game.castling) as Map<Key, Key[]>) : new Map(),
            },
            premovable: { enabled: live && state.movable !== null && state.movable !== 'both' },
            highlight: { custom: new Map(this.refusedSquares.map((s) => [asKey(s), 'refused'])) },
        });
        this.refusedSquares = [];
        if (!live || state.movable === null) this.cg.cancelPremove();
        else if (canMove && this.cg.state.premovable.current) this.cg.playPremove();
    }

    /** Puts the pieces back where the server has them (after a refusal or a cancelled promotion). */
    snapBack(): void {
        this.cg.cancelMove();
        if (this.current) this.render(this.current, true);
    }

    /** The server refused a move: back to its position, the reason shown and its squares marked. */
    showRefusal(text: string, squares: readonly Square[]): void {
        this.refusal.textContent = t('refused', { text });
        this.refusal.hidden = false;
        this.refusedSquares = squares;
        this.snapBack();
    }

    clearRefusal(): void {
        this.refusal.hidden = true;
        this.refusal.textContent = '';
    }

    private async afterMove(orig: Key, dest: Key, _meta: MoveMetadata): Promise<void> {
        const state = this.current;
        if (!state) return;
        this.clearRefusal();
        const castle = castlingMove(orig, dest, state.game.dests, state.game.castling);
        if (castle) {
            this.placeCastling(castle, fenTurn(state.game.fen));
            this.onMove(castle.uci);
            return;
        }
        const suffix = await promotionSuffix(this.cg, this.chooser, dest, state.orientation);
        if (suffix === null || this.current !== state) {
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
