// The tools' HTTP API (docs/web-protocol.md, "Tools"): Chess960 numbers and the castling
// trainer's positions, time controls for the clock page, the PGN checker. The page has no
// rules: every answer here comes from the server's libschach, validated before use.
import { type Decoder, arrayOf, bool, isObject, nat, nullable, oneOf, optional, str, struct } from './decode.js';
import { call as apiCall, postJson } from './api.js';
import { type Castling, type Dests, castling as castlingMap, color, dests as squareMap, square } from './protocol.js';

/** The tools' requests: api.ts's `call` under `/api`, a POST when there is a body. */
function call<T>(path: string, decode: Decoder<T>, body?: unknown): Promise<T> {
    return apiCall(path, decode, body === undefined ? {} : postJson(body), '/api');
}

// ---- Chess960 ---------------------------------------------------------------------------------

export type StepId = 'light-bishop' | 'dark-bishop' | 'queen' | 'knights' | 'rook-king-rook';
export interface DerivationStep {
    readonly step: StepId;
    readonly choices: number;
    readonly choice: number;
    readonly files: readonly string[];
    readonly pieces: readonly string[];
}
const step: Decoder<DerivationStep> = struct({
    step: oneOf<StepId>('light-bishop', 'dark-bishop', 'queen', 'knights', 'rook-king-rook'),
    choices: nat,
    choice: nat,
    files: arrayOf(str, 8),
    pieces: arrayOf(str, 8),
});

export interface Chess960Start {
    readonly number: number;
    readonly backRank: string;
    readonly fen: string;
    readonly shredderFen: string;
    readonly classical: boolean;
    readonly steps: readonly DerivationStep[];
    readonly black: number | null;
    readonly blackBackRank: string | null;
    readonly blackSteps: readonly DerivationStep[] | null;
}
const chess960Start: Decoder<Chess960Start> = struct({
    number: nat,
    backRank: str,
    fen: str,
    shredderFen: str,
    classical: bool,
    steps: arrayOf(step, 5),
    black: optional(nat, null),
    blackBackRank: optional(str, null),
    blackSteps: optional(arrayOf(step, 5), null),
});

/** Start position `n` (0–959 or 'random'); with `black`, Double Chess960. */
export function fetchChess960(n: number | 'random', black?: number): Promise<Chess960Start> {
    return call(`/chess960/${n}${black === undefined ? '' : `?black=${black}`}`, chess960Start);
}

/** The number of a start position given as FEN or as the eight letters of White's back rank. */
export function chess960Number(input: { readonly fen: string } | { readonly backRank: string }): Promise<number> {
    return call('/chess960/number', struct({ number: nat }), input).then((r) => r.number);
}

// ---- Positions and the castling trainer ---------------------------------------------------------

export interface PositionMoves {
    readonly fen: string;
    readonly turn: 'white' | 'black';
    readonly check: string | null;
    readonly dests: Dests;
    readonly castling: Castling;
    /** King-onto-own-rook attempts the trainer lets a player try (and the server explains). */
    readonly tries: Dests;
}
const positionMoves: Decoder<PositionMoves> = struct({
    fen: str,
    turn: color,
    check: nullable(square),
    dests: squareMap,
    castling: castlingMap,
    tries: squareMap,
});

export interface Refusal {
    readonly code: string;
    readonly article: string;
    readonly text: string;
    readonly squares: readonly string[];
}
export type MoveAnswer =
    | { readonly legal: true; readonly uci: string; readonly san: string; readonly castling: boolean; readonly position: PositionMoves }
    | { readonly legal: false; readonly refusal: Refusal };
const refusal: Decoder<Refusal> = struct({ code: str, article: str, text: str, squares: arrayOf(square, 8) });
const moveAnswer: Decoder<MoveAnswer> = (x) => {
    if (!isObject(x)) return undefined;
    if (x['legal'] === false) {
        const r = refusal(x['refusal']);
        return r ? { legal: false, refusal: r } : undefined;
    }
    if (x['legal'] !== true) return undefined;
    const rest = struct({ uci: str, san: str, castling: bool, position: positionMoves })(x);
    return rest ? { legal: true, ...rest } : undefined;
};

export type CaseId = 'rook-only' | 'king-only' | 'swap' | 'king-b1' | 'through-check' | 'blocked' | 'no-right';
export const CaseIds: readonly CaseId[] = ['rook-only', 'king-only', 'swap', 'king-b1', 'through-check', 'blocked', 'no-right'];
export interface CastlingCase {
    readonly id: CaseId;
    readonly position: PositionMoves;
}
const castlingCases = struct({ cases: arrayOf(struct({ id: oneOf<CaseId>(...CaseIds), position: positionMoves }), 32) });

export function fetchCastlingCases(): Promise<readonly CastlingCase[]> {
    return call('/castling/cases', castlingCases).then((r) => r.cases);
}

/** The moves of a position (`POST /api/position`): its legal destinations and castlings. */
export function fetchPosition(fen: string, variant: 'standard' | 'chess960'): Promise<PositionMoves> {
    return call('/position', positionMoves, { fen, variant });
}

export function tryMove(fen: string, from: string, to: string): Promise<MoveAnswer> {
    return call('/position/move', moveAnswer, { fen, from, to, variant: 'chess960' });
}

// ---- Time controls --------------------------------------------------------------------------------

export type DelayKind = 'none' | 'simple' | 'bronstein';
export interface Period {
    readonly moves: number;
    readonly baseMs: number;
    readonly incrementMs: number;
    readonly delayMs: number;
    readonly delay: DelayKind;
}
export type TimeClass = 'blitz' | 'rapid' | 'classical';
export interface TimeControlInfo {
    readonly spec: string;
    readonly pgn: string;
    readonly form: 'human' | 'pgn';
    readonly mode: 'periods' | 'hourglass' | 'untimed' | 'unknown';
    readonly periods: readonly Period[];
    readonly timed: boolean;
    readonly class: TimeClass;
    readonly className: string;
    readonly text: string;
}
export const decodeTimeControl: Decoder<TimeControlInfo> = struct({
    spec: str,
    pgn: str,
    form: oneOf('human', 'pgn'),
    mode: oneOf('periods', 'hourglass', 'untimed', 'unknown'),
    periods: arrayOf(
        struct({ moves: nat, baseMs: nat, incrementMs: nat, delayMs: nat, delay: oneOf<DelayKind>('none', 'simple', 'bronstein') }),
        64,
    ),
    timed: bool,
    class: oneOf<TimeClass>('blitz', 'rapid', 'classical'),
    className: str,
    text: str,
});

/** A spec as people write it ("5+3", "40/90+30,30+30") or, with form 'pgn', a PGN TimeControl tag. */
export function fetchTimeControl(spec: string, form: 'human' | 'pgn' = 'human'): Promise<TimeControlInfo> {
    return call(`/time-control?spec=${encodeURIComponent(spec)}&form=${form}`, decodeTimeControl);
}

// ---- PGN -----------------------------------------------------------------------------------------

export interface PgnProblem {
    readonly line: number;
    readonly column: number;
    readonly kind: string;
    readonly text: string;
}
export interface Adjudication {
    readonly verdict: string;
    readonly recorded: string;
    readonly differs: boolean;
    readonly result: string | null;
    readonly text: string | null;
    readonly endedAt: string | null;
    readonly morePlies: number | null;
    readonly cannotMate: 'white' | 'black' | null;
    readonly cannotMateArticle: string | null;
}
export type Letters = 'en' | 'de' | 'de-neutral';
export interface CheckedGame {
    readonly number: number;
    readonly line: number;
    readonly white: string;
    readonly black: string;
    readonly moves: readonly string[];
    readonly errors: readonly PgnProblem[];
    readonly adjudication: Adjudication | null;
    readonly pgn: Readonly<Record<Letters, string>> | null;
}
export interface PgnReport {
    readonly games: readonly CheckedGame[];
    readonly errors: number;
    readonly differ: number;
    readonly truncated: boolean;
}
const adjudication: Decoder<Adjudication> = struct({
    verdict: str,
    recorded: str,
    differs: bool,
    result: nullable(str),
    text: optional(str, null),
    endedAt: optional(str, null),
    morePlies: optional(nat, null),
    cannotMate: optional(color, null),
    cannotMateArticle: optional(str, null),
});
const pgnReport: Decoder<PgnReport> = struct({
    games: arrayOf(
        struct({
            number: nat,
            line: nat,
            white: str,
            black: str,
            moves: arrayOf(str, 100_000),
            errors: arrayOf(struct({ line: nat, column: nat, kind: str, text: str }), 1000),
            adjudication: nullable(adjudication),
            pgn: nullable(struct({ en: str, de: str, 'de-neutral': str })),
        }),
        1000,
    ),
    errors: nat,
    differ: nat,
    truncated: bool,
});

/** The largest PGN text the server reads (MaxPgnBytes). */
export const MaxPgnBytes = 256 * 1024;

export function checkPgn(pgn: string): Promise<PgnReport> {
    return call('/pgn/check', pgnReport, { pgn });
}
