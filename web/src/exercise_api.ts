// The rules guide's exercises on the server (docs/web-protocol.md, "Exercises"): one exercise's
// position and setup, and the verdict on a try. The page knows no rules: the server says which
// moves are right and why a wrong one is wrong.
import { call, postJson } from './api.js';
import { type Decoder, arrayOf, nullable, oneOf, optional, str, struct } from './decode.js';
import { type Castling, type ClaimKind, type Color, type Dests, type Square, castling, color, dests, square, uci } from './protocol.js';

export interface ExerciseMove {
    readonly uci: string;
    readonly san: string;
}

export interface ExercisePosition {
    readonly fen: string;
    readonly turn: Color;
    readonly dests: Dests;
    readonly castling: Castling;
    readonly check: Square | null;
    readonly lastMove: readonly Square[] | null;
}

export interface ExerciseInfo {
    readonly id: string;
    readonly orientation: Color;
    readonly setup: readonly ExerciseMove[];
    /** Squares touched before the first move (touch-move, Article 4). */
    readonly touched: readonly Square[];
    readonly position: ExercisePosition;
}

export type Verdict = 'solved' | 'next' | 'refused' | 'missed';

export interface Explanation {
    readonly code: string;
    readonly text: string;
    readonly article: string;
    readonly squares: readonly Square[];
}

export interface TryResult {
    readonly result: Verdict;
    readonly move: ExerciseMove | null;
    readonly reply: ExerciseMove | null;
    readonly moves: readonly string[];
    readonly position: ExercisePosition;
    readonly explanation: Explanation | null;
}

const move: Decoder<ExerciseMove> = struct({ uci, san: str });

const position: Decoder<ExercisePosition> = struct({
    fen: str,
    turn: color,
    dests,
    castling,
    check: nullable(square),
    lastMove: nullable(arrayOf(square, 2)),
});

const info: Decoder<ExerciseInfo> = struct({ id: str, orientation: color, setup: arrayOf(move, 32), touched: optional(arrayOf(square, 4), []), position });

const explanation: Decoder<Explanation> = struct({ code: str, text: str, article: str, squares: arrayOf(square, 8) });

const tryResult: Decoder<TryResult> = struct({
    result: oneOf<Verdict>('solved', 'next', 'refused', 'missed'),
    move: nullable(move),
    reply: nullable(move),
    moves: arrayOf(uci, 16),
    position,
    explanation: nullable(explanation),
});

export function fetchExercise(id: string): Promise<ExerciseInfo> {
    return call(`/exercises/${encodeURIComponent(id)}`, info);
}

/** Sends a try: the moves so far, the move (UCI), and a draw claim with it. */
export function tryExercise(id: string, moves: readonly string[], tried: string, claim: ClaimKind | null): Promise<TryResult> {
    return call(`/exercises/${encodeURIComponent(id)}/try`, tryResult, postJson(claim ? { moves, move: tried, claim } : { moves, move: tried }));
}
