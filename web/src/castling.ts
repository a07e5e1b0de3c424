// Castling on the board, in standard chess and Chess960 alike: the king may be dropped onto its
// own rook (always unambiguous), or onto its target square (g1/c1) where no ordinary king move
// goes there. The move is sent as king-onto-rook UCI (e1h1), the form the server reads in both.
import type { Castling, Dests, Square } from './protocol.js';

export interface CastlingMove {
    readonly uci: string;
    readonly king: Square;
    readonly rook: Square;
    readonly kingTo: Square;
    readonly rookTo: Square;
}

/** Does dropping the king from `king` onto `target` (the castling target of the rook on `rook`)
 * mean this castling and nothing else? Not when an ordinary king move or another castling's
 * king-onto-rook square is there too, nor when the king already stands on it. */
function targetMeansCastling(king: Square, rook: Square, target: Square, dests: Dests | null, castling: Castling): boolean {
    if (target === king) return false;
    if (target === rook) return true;
    if (Object.hasOwn(castling[king] ?? {}, target)) return false;
    return !(dests?.[king] ?? []).includes(target);
}

/** The destinations for the board: the server's, with the king-onto-rook squares and the
 * unambiguous castling targets added. */
export function boardDests(dests: Dests | null, castling: Castling): Map<Square, Square[]> {
    const out = new Map<Square, Square[]>();
    for (const [from, tos] of Object.entries(dests ?? {})) out.set(from, [...tos]);
    for (const [king, entries] of Object.entries(castling)) {
        const list = out.get(king) ?? [];
        for (const [rook, target] of Object.entries(entries)) {
            if (!list.includes(rook)) list.push(rook);
            if (targetMeansCastling(king, rook, target, dests, castling) && !list.includes(target)) list.push(target);
        }
        out.set(king, list);
    }
    return out;
}

/** The castling that the board move `orig` → `dest` means, or `null` for any other move. */
export function castlingMove(orig: Square, dest: Square, dests: Dests | null, castling: Castling): CastlingMove | null {
    const entries = castling[orig];
    if (!entries) return null;
    for (const [rook, target] of Object.entries(entries)) {
        const meant = dest === rook || (dest === target && targetMeansCastling(orig, rook, target, dests, castling));
        if (meant) {
            const rookFile = target[0] === 'g' ? 'f' : 'd';
            return { uci: orig + rook, king: orig, rook, kingTo: target, rookTo: rookFile + target[1] };
        }
    }
    return null;
}
