// The page's copy of the game: the server's state with each versioned event applied in order.
// Pure functions only; the connection guarantees the order.
import { type GameState, type MoveRecord, type Square, type VersionedEvent, fenTurn, otherColor } from './protocol.js';

/** The state after `event` (which must be the next version, or a full state). */
export function applyEvent(state: GameState | null, event: VersionedEvent): GameState | null {
    switch (event.t) {
        case 'state':
        case 'takeback':
            return { ...event.d, version: event.v };
        default:
            return state === null ? null : { ...applyToState(state, event), version: event.v };
    }
}

function applyToState(state: GameState, event: Exclude<VersionedEvent, { t: 'state' | 'takeback' }>): GameState {
    switch (event.t) {
        case 'move': {
            const d = event.d;
            const mover = otherColor(fenTurn(d.fen));
            const record: MoveRecord = { uci: d.uci, san: d.san, clock: d.clock ? d.clock[mover] : null, fen: d.fen };
            const moves = [...state.moves.slice(0, Math.max(0, d.ply - 1)), record];
            return {
                ...state,
                fen: d.fen,
                ply: d.ply,
                turn: fenTurn(d.fen),
                moves,
                lastMove: d.lastMove,
                check: d.check,
                dests: d.dests,
                castling: d.castling,
                clock: d.clock ?? state.clock,
                firstMove: d.firstMove,
                claimable: d.claimable,
                status: d.status,
                result: d.result,
            };
        }
        case 'offer':
            return { ...state, offers: { ...state.offers, [event.d.kind]: event.d.by } };
        case 'end':
            return {
                ...state,
                status: event.d.status,
                result: event.d.result,
                dests: null,
                castling: {},
                clock: state.clock ? { ...state.clock, running: null } : null,
                firstMove: null,
            };
        case 'join': {
            // The event carries the seats and what the start of the game changed: no refetch.
            const d = event.d;
            return {
                ...state,
                players: d.players,
                status: d.status,
                clock: d.clock,
                firstMove: d.firstMove,
                dests: d.dests,
                castling: d.castling,
            };
        }
        case 'rematch':
            return state;
    }
}

/** The position shown for `ply` (0: the start): its FEN, last move and whether the side to move is in check. */
export interface PlyView {
    readonly fen: string;
    readonly lastMove: readonly [Square, Square] | null;
    readonly check: boolean;
}

export function plyView(state: GameState, ply: number): PlyView {
    if (ply <= 0 || state.moves.length === 0) return { fen: state.initialFen, lastMove: null, check: false };
    const move = state.moves[Math.min(ply, state.moves.length) - 1]!;
    const from = move.uci.slice(0, 2);
    const to = move.uci.slice(2, 4);
    return { fen: move.fen, lastMove: [from, to], check: /[+#]$/.test(move.san) };
}

/** Has each side made a move? (Abort is possible and draw offers are not before that.) */
export function bothHaveMoved(state: GameState): boolean {
    return state.ply >= 2;
}

/** Is it the turn of a seat of this connection? */
export function isMyTurn(state: GameState): boolean {
    if (state.status !== 'started' && state.status !== 'created') return false;
    return state.you === 'both' || state.you === state.turn;
}
