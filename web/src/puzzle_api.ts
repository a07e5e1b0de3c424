// The tactics trainer on the server (docs/web-protocol.md, "Puzzles"): the next puzzle with the
// board after each of its moves, the verdict on a move that is not the stored one (with the
// refutation and why, in words), the result of an attempt and the ratings after it. The page
// knows no rules: the server gives every board and judges every other move.
import { call, postJson } from './api.js';
import { type Decoder, arrayOf, bool, nat, nullable, oneOf, optional, recordOf, str, struct } from './decode.js';
import { type Castling, type Color, type Dests, type Square, castling, color, dests, square, uci } from './protocol.js';

export interface PuzzleBoard {
    readonly fen: string;
    readonly turn: Color;
    readonly dests: Dests;
    readonly castling: Castling;
    readonly check: Square | null;
    readonly lastMove: readonly Square[] | null;
}

export interface PuzzlePlayer {
    readonly rating: number;
    readonly deviation: number;
    readonly provisional: boolean;
    readonly solved: number;
    readonly failed: number;
    /** [time in ms, rating after] of each rated attempt, oldest first. */
    readonly history: readonly (readonly [number, number])[];
}

export interface Puzzle {
    readonly id: string;
    readonly fen: string;
    /** UCI: the opponent's move first, then the solution. */
    readonly moves: readonly string[];
    readonly rating: number;
    readonly themes: readonly string[];
    readonly chess960: boolean;
    readonly orientation: Color;
    /** The board before the opponent's move. */
    readonly start: PuzzleBoard;
    /** The board after each move. */
    readonly steps: readonly PuzzleBoard[];
    readonly player: PuzzlePlayer;
}

export interface PuzzleMove {
    readonly uci: string;
    readonly san: string;
}

export interface TryVerdict {
    readonly result: 'right' | 'mate' | 'wrong';
    readonly move: PuzzleMove;
    /** Wrong: the opponent's answer, its boards (the move's first) and why, in words. */
    readonly refutation: readonly PuzzleMove[];
    readonly steps: readonly PuzzleBoard[];
    readonly text: string;
}

export interface PuzzleResult {
    readonly player: PuzzlePlayer;
    readonly delta: number;
    readonly puzzle: { readonly rating: number; readonly deviation: number };
    readonly rated: boolean;
}

export interface PuzzleStats {
    readonly count: number;
    readonly themes: Readonly<Record<string, number>>;
}

const int: Decoder<number> = (x) => (Number.isSafeInteger(x) ? (x as number) : undefined);

export const decodeBoard: Decoder<PuzzleBoard> = struct({
    fen: str,
    turn: color,
    dests,
    castling,
    check: nullable(square),
    lastMove: nullable(arrayOf(square, 2)),
});

const point: Decoder<readonly [number, number]> = (x) => {
    if (!Array.isArray(x) || x.length !== 2) return undefined;
    const at = nat(x[0]);
    const rating = int(x[1]);
    return at === undefined || rating === undefined ? undefined : [at, rating];
};

export const decodePlayer: Decoder<PuzzlePlayer> = struct({
    rating: int,
    deviation: nat,
    provisional: bool,
    solved: nat,
    failed: nat,
    history: arrayOf(point, 100_000),
});

export const decodePuzzle: Decoder<Puzzle> = struct({
    id: str,
    fen: str,
    moves: arrayOf(uci, 64),
    rating: int,
    themes: arrayOf(str, 64),
    chess960: bool,
    orientation: color,
    start: decodeBoard,
    steps: arrayOf(decodeBoard, 64),
    player: decodePlayer,
});

const move: Decoder<PuzzleMove> = struct({ uci, san: str });

export const decodeVerdict: Decoder<TryVerdict> = struct({
    result: oneOf('right', 'mate', 'wrong'),
    move,
    refutation: optional(arrayOf(move, 16), []),
    steps: optional(arrayOf(decodeBoard, 17), []),
    text: optional(str, ''),
});

export const decodeResult: Decoder<PuzzleResult> = struct({
    player: decodePlayer,
    delta: int,
    puzzle: struct({ rating: int, deviation: nat }),
    rated: bool,
});

export const decodeStats: Decoder<PuzzleStats> = struct({ count: nat, themes: recordOf(str, nat) });

export interface PuzzleFilter {
    readonly themes: readonly string[];
    /** -600, -300, 0, 300 or 600 around the player's rating. */
    readonly difficulty: number;
}

/** What the trainer needs from the server (a fake in the unit tests). */
export interface PuzzleServer {
    next(filter: PuzzleFilter): Promise<Puzzle>;
    tryMove(id: string, ply: number, uci: string): Promise<TryVerdict>;
    result(id: string, win: boolean, rated: boolean): Promise<PuzzleResult>;
    stats(): Promise<PuzzleStats>;
    player(): Promise<PuzzlePlayer>;
}

export const httpPuzzleServer: PuzzleServer = {
    next(filter) {
        const q = new URLSearchParams();
        if (filter.themes.length > 0) q.set('themes', filter.themes.join(','));
        q.set('difficulty', String(filter.difficulty));
        return call(`/puzzles/next?${q.toString()}`, decodePuzzle);
    },
    tryMove(id, ply, move) {
        return call(`/puzzles/${encodeURIComponent(id)}/try`, decodeVerdict, postJson({ ply, uci: move }));
    },
    result(id, win, rated) {
        return call(`/puzzles/${encodeURIComponent(id)}/result`, decodeResult, postJson({ win, rated }));
    },
    stats() {
        return call('/puzzles/stats', decodeStats);
    },
    player() {
        return call('/puzzles/player', decodePlayer);
    },
};
