// "My mistakes" on the server (docs/web-protocol.md, "One's own mistakes"): the exercise due
// longest ago (the position before a mistake of one's own reviewed games, and the move played
// then), a try judged as "learn from your mistakes" judges it, the answer on request, the counts.
// The page knows no rules: the server gives every board.
import { call, postJson } from './api.js';
import { type Decoder, bool, nat, nullable, oneOf, str, struct } from './decode.js';
import { type PuzzleBoard, decodeBoard } from './puzzle_api.js';
import { type Color, color, uci } from './protocol.js';

export interface MistakeMove {
    readonly uci: string;
    readonly san: string;
}

export interface MistakeSchedule {
    /** 0: new or missed last time; 1…5: solved that many times in a row (1, 3, 7, 21, 60 days). */
    readonly box: number;
    /** Due again from this time (ms since the epoch). */
    readonly due: number;
    readonly solved: number;
    readonly missed: number;
}

export interface MistakeExercise {
    readonly id: string;
    readonly game: string;
    /** The move of the game that was the mistake (1-based). */
    readonly ply: number;
    readonly fen: string;
    readonly orientation: Color;
    /** The move played then. */
    readonly played: MistakeMove;
    readonly judgement: 'mistake' | 'blunder';
    readonly board: PuzzleBoard;
    readonly schedule: MistakeSchedule;
}

export interface MistakeStats {
    readonly count: number;
    readonly due: number;
    readonly solved: number;
    /** The earliest due time of all (ms since the epoch), null without exercises. */
    readonly nextDue: number | null;
}

export interface MistakeNext {
    readonly exercise: MistakeExercise | null;
    readonly stats: MistakeStats;
}

export interface MistakeVerdict {
    readonly verdict: 'solved' | 'refused';
    readonly san: string;
    /** Why, in words (a solved try: that it is good; a refused one: what it allows, never what it
     * missed, which would name the answer), or '' where there is nothing to say. */
    readonly text: string;
    /** Win% points lost against the best move. */
    readonly loss: number;
    /** Solved: the engine's best move (a refused try does not give it away). */
    readonly best: MistakeMove | null;
    /** The board after the try. */
    readonly board: PuzzleBoard;
    /** The exercise was due: the try moved its schedule. */
    readonly counted: boolean;
    readonly exercise: MistakeExercise;
    readonly stats: MistakeStats;
}

export interface MistakeAnswer {
    readonly best: MistakeMove;
    readonly board: PuzzleBoard;
    readonly counted: boolean;
    readonly exercise: MistakeExercise;
    readonly stats: MistakeStats;
}

const move: Decoder<MistakeMove> = struct({ uci, san: str });
const schedule: Decoder<MistakeSchedule> = struct({ box: nat, due: nat, solved: nat, missed: nat });

export const decodeExercise: Decoder<MistakeExercise> = struct({
    id: str,
    game: str,
    ply: nat,
    fen: str,
    orientation: color,
    played: move,
    judgement: oneOf('mistake', 'blunder'),
    board: decodeBoard,
    schedule,
});

export const decodeStats: Decoder<MistakeStats> = struct({ count: nat, due: nat, solved: nat, nextDue: nullable(nat) });

export const decodeNext: Decoder<MistakeNext> = struct({ exercise: nullable(decodeExercise), stats: decodeStats });

export const decodeVerdict: Decoder<MistakeVerdict> = struct({
    verdict: oneOf('solved', 'refused'),
    san: str,
    text: (x) => (x === null ? '' : str(x)),
    loss: (x) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined),
    best: nullable(move),
    board: decodeBoard,
    counted: bool,
    exercise: decodeExercise,
    stats: decodeStats,
});

export const decodeAnswer: Decoder<MistakeAnswer> = struct({
    best: move,
    board: decodeBoard,
    counted: bool,
    exercise: decodeExercise,
    stats: decodeStats,
});

/** What the mode needs from the server (a fake in the unit tests). */
export interface MistakeServer {
    next(): Promise<MistakeNext>;
    tryMove(id: string, uci: string): Promise<MistakeVerdict>;
    answer(id: string): Promise<MistakeAnswer>;
}

export const httpMistakeServer: MistakeServer = {
    next() {
        return call('/mistakes/next', decodeNext);
    },
    tryMove(id, move) {
        return call(`/mistakes/${encodeURIComponent(id)}/try`, decodeVerdict, postJson({ uci: move }));
    },
    answer(id) {
        return call(`/mistakes/${encodeURIComponent(id)}/answer`, decodeAnswer, postJson({}));
    },
};
