// The computer analysis of a game as the server sends it (docs/web-protocol.md, "Analysis"):
// types and validators for `GET /api/v1/games/{id}/analysis`, the `analysis` event on the game's
// socket and the answer of a try in "learn from your mistakes". Anything malformed is `undefined`.
import {
    type Decoder,
    type JsonObject,
    arrayOf,
    isObject,
    nat,
    nullable,
    oneOf,
    optional,
    str,
    struct,
} from './decode.js';
import type { Color } from './protocol.js';

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';
export type AnalysisStatus = 'queued' | 'running' | 'done';

/** An evaluation from White's view: centipawns, or mate in N (negative: Black mates). */
export type Evaluation = { readonly cp: number } | { readonly mate: number };

export interface BestMove {
    readonly uci: string;
    readonly san: string;
}

export interface Progress {
    readonly done: number;
    readonly total: number;
}

export interface AnalysedPly {
    /** 1 for the first move of the game. */
    readonly ply: number;
    readonly san: string;
    readonly uci: string;
    /** After the move, from White's view; `null` where nothing was searched. */
    readonly eval: Evaluation | null;
    /** The best move in the position before this move. */
    readonly best: BestMove | null;
    readonly pv: readonly string[];
    readonly judgement: Judgement | null;
    /** Why the move is a mistake (or, for a try, why it is good or not), in the request's language. */
    readonly text: string | null;
    readonly phase: string;
    /** White's winning chances after the move, −1 … 1. */
    readonly wc: number;
}

export interface SideReport {
    readonly accuracy: number | null;
    readonly inaccuracies: number;
    readonly mistakes: number;
    readonly blunders: number;
    readonly acpl: number | null;
}

export interface Opening {
    readonly eco: string;
    readonly name: string;
}

export interface StartReport {
    readonly eval: Evaluation | null;
    readonly best: BestMove | null;
    readonly pv: readonly string[];
}

export interface Analysis {
    readonly status: AnalysisStatus;
    readonly progress: Progress;
    readonly opening: Opening | null;
    readonly start: StartReport | null;
    readonly plies: readonly AnalysedPly[];
    readonly players: { readonly white: SideReport; readonly black: SideReport } | null;
}

export interface AnalysisEvent {
    readonly status: AnalysisStatus;
    readonly progress: Progress;
}

export interface TryAnswer {
    readonly verdict: 'solved' | 'refused';
    /** The move tried, in SAN (English letters). */
    readonly san: string | null;
    readonly eval: Evaluation | null;
    /** The Win% points lost against the best move. */
    readonly loss: number | null;
    readonly best: BestMove | null;
    readonly text: string | null;
}

const int: Decoder<number> = (x) => (Number.isSafeInteger(x) ? (x as number) : undefined);
const num: Decoder<number> = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const uci = (x: unknown) => (typeof x === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(x) ? x : undefined);

export const evaluation: Decoder<Evaluation> = (x) => {
    if (!isObject(x)) return undefined;
    if (x.mate !== undefined) {
        const mate = int(x.mate);
        return mate === undefined ? undefined : { mate };
    }
    const cp = int(x.cp);
    return cp === undefined ? undefined : { cp };
};

const bestMove: Decoder<BestMove> = struct({ uci, san: str });
const judgement = oneOf<Judgement>('inaccuracy', 'mistake', 'blunder');
const status = oneOf<AnalysisStatus>('queued', 'running', 'done');
const progress: Decoder<Progress> = struct({ done: nat, total: nat });
const pv = optional(arrayOf(str, 64), [] as readonly string[]);

const analysedPly: Decoder<AnalysedPly> = struct({
    ply: nat,
    san: str,
    uci,
    eval: optional(nullable(evaluation), null),
    best: optional(nullable(bestMove), null),
    pv,
    judgement: optional(nullable(judgement), null),
    text: optional(nullable(str), null),
    phase: optional(str, ''),
    wc: (x: unknown) => {
        const v = num(x);
        return v === undefined ? undefined : Math.max(-1, Math.min(1, v));
    },
});

const sideReport: Decoder<SideReport> = struct({
    accuracy: optional(nullable(num), null),
    inaccuracies: nat,
    mistakes: nat,
    blunders: nat,
    acpl: optional(nullable(num), null),
});

export const decodeAnalysis: Decoder<Analysis> = struct({
    status,
    progress: optional(progress, { done: 0, total: 0 }),
    opening: optional(nullable(struct({ eco: str, name: str })), null),
    start: optional(nullable(struct({ eval: optional(nullable(evaluation), null), best: optional(nullable(bestMove), null), pv })), null),
    plies: optional(arrayOf(analysedPly, 1000), [] as readonly AnalysedPly[]),
    players: optional(nullable(struct({ white: sideReport, black: sideReport })), null),
});

export const decodeAnalysisEvent: Decoder<AnalysisEvent> = struct({ status, progress: optional(progress, { done: 0, total: 0 }) });

/** The `analysis` event of the socket: `{t:"analysis", status, progress}` (also with them in `d`). */
export function analysisEventOf(msg: JsonObject): AnalysisEvent | undefined {
    return decodeAnalysisEvent(isObject(msg.d) ? msg.d : msg);
}

export const decodeTryAnswer: Decoder<TryAnswer> = struct({
    verdict: oneOf<TryAnswer['verdict']>('solved', 'refused'),
    san: optional(nullable(str), null),
    eval: optional(nullable(evaluation), null),
    loss: optional(nullable(num), null),
    best: optional(nullable(bestMove), null),
    text: optional(nullable(str), null),
});

// ---- Reading the analysis -------------------------------------------------------------------------

export const JudgementGlyph: { readonly [J in Judgement]: string } = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** "+0.3", "−1.2", "0.0", "#3", "#−2" (White's view). */
export function evalText(e: Evaluation | null): string {
    if (e === null) return '';
    if ('mate' in e) return e.mate === 0 ? '' : e.mate < 0 ? `#−${-e.mate}` : `#${e.mate}`;
    const pawns = e.cp / 100;
    const text = Math.abs(pawns).toFixed(1);
    if (text === '0.0') return '0.0';
    return pawns > 0 ? `+${text}` : `−${text}`;
}

/** The mover of ply `ply` (1-based) in a game whose first move is White's unless `blackFirst`. */
export function moverOf(ply: number, blackFirst: boolean): Color {
    return (ply % 2 === 1) !== blackFirst ? 'white' : 'black';
}

/** The plies of `colors`' mistakes and blunders, in order: what "learn from your mistakes" walks through. */
export function mistakesOf(analysis: Analysis, colors: readonly Color[], blackFirst: boolean): number[] {
    return analysis.plies
        .filter((p) => (p.judgement === 'mistake' || p.judgement === 'blunder') && p.best !== null && colors.includes(moverOf(p.ply, blackFirst)))
        .map((p) => p.ply);
}

/** The analysed ply `ply`, if the analysis has it. */
export function plyOf(analysis: Analysis, ply: number): AnalysedPly | undefined {
    return analysis.plies.find((p) => p.ply === ply);
}

/** The best move in the position after `ply` moves (0: the start), for the arrow on the board. */
export function bestAfter(analysis: Analysis, ply: number): BestMove | null {
    if (ply === 0 && analysis.start?.best) return analysis.start.best;
    return plyOf(analysis, ply + 1)?.best ?? null;
}
