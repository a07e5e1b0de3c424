// The messages of docs/web-protocol.md (v1) as types, and the validator for what the server
// sends: `parseServerMessage` accepts a well-formed message and returns `null` for anything else.
import { type AnalysisEvent, analysisEventOf } from './review_protocol.js';
import {
    type Decoder,
    arrayOf,
    bool,
    isObject,
    matching,
    nat,
    nullable,
    oneOf,
    optional,
    parseJson,
    recordOf,
    str,
    struct,
} from './decode.js';

export type Color = 'white' | 'black';
/** A square name, "a1" … "h8". */
export type Square = string;
export type Variant = 'standard' | 'chess960';
export type Mode = 'computer' | 'friend' | 'local';
export type Status = 'created' | 'started' | 'over' | 'aborted';
export type ResultCode = '1-0' | '0-1' | '1/2-1/2';
/** The seat(s) of this connection; `null` for a spectator. */
export type Seat = Color | 'both' | null;
export type OfferKind = 'draw' | 'takeback' | 'rematch';
export type ClaimKind = 'threefold' | 'fifty';
export type Answer = 'offer' | 'accept' | 'decline';

export interface TimeControl {
    readonly text: string;
    readonly class: string;
}

export interface Player {
    readonly kind: 'human' | 'engine';
    readonly name: string;
    readonly joined: boolean;
}

export interface Players {
    readonly white: Player;
    readonly black: Player;
}

export interface MoveRecord {
    readonly uci: string;
    readonly san: string;
    /** The mover's milliseconds left after the move; `null` without a clock. */
    readonly clock: number | null;
    /** The position after the move. */
    readonly fen: string;
}

export interface Clock {
    readonly white: number;
    readonly black: number;
    readonly running: Color | null;
    readonly lowTime: number;
}

/** The first-move timer: `color` must make its first move within `left` ms (at the event), else the game is aborted. */
export interface FirstMove {
    readonly color: Color;
    readonly left: number;
}

/** Legal destinations by origin square, for the seat to move only. */
export type Dests = Readonly<Record<Square, readonly Square[]>>;
/** Per king square: rook square (king-onto-rook target) → the king's castling target square. */
export type Castling = Readonly<Record<Square, Readonly<Record<Square, Square>>>>;

export interface Offers {
    readonly draw: Color | null;
    readonly takeback: Color | null;
    readonly rematch: Color | null;
}

export interface Claimable {
    readonly threefold: boolean;
    readonly fifty: boolean;
}

export interface GameResult {
    readonly result: ResultCode;
    readonly reason: string;
    readonly article: string;
    /** The sentence in the connection's language, e.g. "Weiß gewinnt durch Schachmatt (Art. 5.1.1)". */
    readonly text: string;
}

export interface GameState {
    readonly id: string;
    readonly variant: Variant;
    readonly chess960: number | null;
    readonly mode: Mode;
    readonly level: number | null;
    readonly tc: TimeControl | null;
    readonly players: Players;
    readonly you: Seat;
    readonly initialFen: string;
    readonly fen: string;
    readonly ply: number;
    readonly turn: Color;
    readonly moves: readonly MoveRecord[];
    readonly lastMove: readonly [Square, Square] | null;
    readonly check: Square | null;
    readonly dests: Dests | null;
    readonly castling: Castling;
    readonly clock: Clock | null;
    /** `null` once both sides have made their first move (and in games without a clock). */
    readonly firstMove: FirstMove | null;
    readonly offers: Offers;
    readonly claimable: Claimable;
    readonly status: Status;
    readonly result: GameResult | null;
    readonly version: number;
}

export interface MoveEvent {
    readonly uci: string;
    readonly san: string;
    readonly fen: string;
    /** The number of moves played, this one included. */
    readonly ply: number;
    readonly clock: Clock | null;
    readonly firstMove: FirstMove | null;
    readonly lastMove: readonly [Square, Square] | null;
    readonly check: Square | null;
    readonly dests: Dests | null;
    readonly castling: Castling;
    readonly claimable: Claimable;
    readonly status: Status;
    readonly result: GameResult | null;
}

/** A seat was taken: who sat down, both seats now, and the game as it is with them (it may have started). */
export interface JoinEvent {
    readonly color: Color;
    readonly players: Players;
    readonly status: Status;
    readonly clock: Clock | null;
    readonly firstMove: FirstMove | null;
    readonly dests: Dests | null;
    readonly castling: Castling;
}

export interface Refusal {
    /** The client counter of the refused move; `null` for an action without one. */
    readonly a: number | null;
    readonly code: string;
    readonly article: string | null;
    readonly text: string;
    readonly squares: readonly Square[];
}

/** Server → client, versioned: applied in the order of `v`. */
export type VersionedEvent =
    | { readonly v: number; readonly t: 'state'; readonly d: GameState }
    | { readonly v: number; readonly t: 'move'; readonly d: MoveEvent }
    | { readonly v: number; readonly t: 'offer'; readonly d: { readonly kind: OfferKind; readonly by: Color | null } }
    | { readonly v: number; readonly t: 'takeback'; readonly d: GameState }
    | { readonly v: number; readonly t: 'end'; readonly d: { readonly result: GameResult | null; readonly status: Status } }
    | { readonly v: number; readonly t: 'join'; readonly d: JoinEvent }
    | { readonly v: number; readonly t: 'rematch'; readonly d: { readonly id: string } };

/** Server → client, not versioned. */
export type Reply =
    | { readonly t: 'ack'; readonly d: number }
    | { readonly t: 'refusal'; readonly d: Refusal }
    | { readonly t: 'error'; readonly d: { readonly code: string; readonly text: string } }
    | { readonly t: 'pong' }
    | { readonly t: 'analysis'; readonly d: AnalysisEvent };

export type ServerMessage = VersionedEvent | Reply;

/** Client → server. A move carries either `uci` or (typed by a person) `san` in English letters. */
export type ClientMessage =
    | { readonly t: 'move'; readonly d: MoveSubmission }
    | { readonly t: 'draw'; readonly d: Answer }
    | { readonly t: 'claim'; readonly d: ClaimRequest }
    | { readonly t: 'resign' }
    | { readonly t: 'abort' }
    | { readonly t: 'takeback'; readonly d: Answer }
    | { readonly t: 'rematch'; readonly d: Answer }
    | { readonly t: 'ping' };

export type MoveText = { readonly uci: string } | { readonly san: string };
export type MoveSubmission = { readonly ply: number; readonly a: number } & MoveText;
export type ClaimRequest = { readonly kind: ClaimKind } & (MoveText | Record<never, never>);

// ---- HTTP API -------------------------------------------------------------------------------

export interface CreateGameRequest {
    readonly mode: Mode;
    readonly level?: number;
    readonly color?: Color | 'random';
    readonly tc?: string;
    readonly variant?: Variant;
    readonly chess960?: number | 'random';
    /** A start position of one's own (FEN), instead of a numbered one. */
    readonly fen?: string;
}

export interface CreateGameResponse {
    readonly id: string;
    readonly color: Seat;
    readonly invite: string | null;
    readonly urls: { readonly play: string; readonly invite: string | null; readonly watch: string };
}

export interface JoinResponse {
    readonly color: Color;
}

export interface GameSummary {
    readonly id: string;
    readonly players: Players;
    readonly status: Status;
    readonly result: GameResult | null;
    readonly updated: string;
}

// ---- Decoders -------------------------------------------------------------------------------

const GameIdPattern = /^[A-Za-z0-9]{8}$/;
// The board's decoders are shared with the other APIs (exercises, tools, coach).
export const color = oneOf<Color>('white', 'black');
export const square = matching(/^[a-h][1-8]$/);
export const uci = matching(/^[a-h][1-8][a-h][1-8][qrbn]?$/);
const san = matching(/^[\x21-\x7e]{1,12}$/);
/** The FEN shape only: eight ranks of placement, then the side to move and the other fields. */
const fen = matching(/^([1-8pnbrqkPNBRQK]{1,8}\/){7}[1-8pnbrqkPNBRQK]{1,8} [wb] \S+ \S+ \d+ \d+$/);
const status = oneOf<Status>('created', 'started', 'over', 'aborted');
const text = matching(/^[^\0]{0,2000}$/);
const gameId = matching(GameIdPattern);

const lastMove: Decoder<readonly [Square, Square]> = (x) => {
    const pair = arrayOf(square, 2)(x);
    return pair?.length === 2 ? [pair[0]!, pair[1]!] : undefined;
};

export const dests: Decoder<Dests> = recordOf(square, arrayOf(square, 64));
export const castling: Decoder<Castling> = recordOf(square, recordOf(square, square));

const clock: Decoder<Clock> = struct({
    white: nat,
    black: nat,
    running: nullable(color),
    lowTime: optional(nat, 0),
});

const result: Decoder<GameResult> = struct({
    result: oneOf<ResultCode>('1-0', '0-1', '1/2-1/2'),
    reason: str,
    article: optional(str, ''),
    text,
});

const player: Decoder<Player> = struct({
    kind: oneOf<Player['kind']>('human', 'engine'),
    name: text,
    joined: bool,
});

const players: Decoder<Players> = struct({ white: player, black: player });

const moveRecord: Decoder<MoveRecord> = struct({ uci, san, clock: optional(nullable(nat), null), fen });

const firstMove: Decoder<FirstMove> = struct({ color, left: nat });

const claimable: Decoder<Claimable> = struct({ threefold: bool, fifty: bool });

const offers: Decoder<Offers> = struct({
    draw: optional(nullable(color), null),
    takeback: optional(nullable(color), null),
    rematch: optional(nullable(color), null),
});

const noOffers: Offers = { draw: null, takeback: null, rematch: null };
const noClaims: Claimable = { threefold: false, fifty: false };

const gameState: Decoder<GameState> = struct({
    id: gameId,
    variant: oneOf<Variant>('standard', 'chess960'),
    chess960: optional(nullable(nat), null),
    mode: oneOf<Mode>('computer', 'friend', 'local'),
    level: optional(nullable(nat), null),
    tc: optional(nullable(struct({ text: str, class: optional(str, '') })), null),
    players,
    you: optional(nullable(oneOf<Color | 'both'>('white', 'black', 'both')), null),
    initialFen: fen,
    fen,
    ply: nat,
    turn: color,
    moves: arrayOf(moveRecord),
    lastMove: optional(nullable(lastMove), null),
    check: optional(nullable(square), null),
    dests: optional(nullable(dests), null),
    castling: optional(castling, {}),
    clock: optional(nullable(clock), null),
    firstMove: optional(nullable(firstMove), null),
    offers: optional(offers, noOffers),
    claimable: optional(claimable, noClaims),
    status,
    result: optional(nullable(result), null),
    version: nat,
});

const moveEvent: Decoder<MoveEvent> = struct({
    uci,
    san,
    fen,
    ply: nat,
    clock: optional(nullable(clock), null),
    firstMove: optional(nullable(firstMove), null),
    lastMove: optional(nullable(lastMove), null),
    check: optional(nullable(square), null),
    dests: optional(nullable(dests), null),
    castling: optional(castling, {}),
    claimable: optional(claimable, noClaims),
    status,
    result: optional(nullable(result), null),
});

const refusal: Decoder<Refusal> = struct({
    a: optional(nullable(nat), null),
    code: str,
    article: optional(nullable(str), null),
    text,
    squares: optional(arrayOf(square, 64), []),
});

const versionedData: { readonly [K in VersionedEvent['t']]: Decoder<Extract<VersionedEvent, { t: K }>['d']> } = {
    state: gameState,
    move: moveEvent,
    offer: struct({ kind: oneOf<OfferKind>('draw', 'takeback', 'rematch'), by: nullable(color) }),
    takeback: gameState,
    end: struct({ result: nullable(result), status }),
    join: struct({
        color,
        players,
        status,
        clock: optional(nullable(clock), null),
        firstMove: optional(nullable(firstMove), null),
        dests: optional(nullable(dests), null),
        castling: optional(castling, {}),
    }),
    rematch: struct({ id: gameId }),
};

function decodeVersioned(t: string, v: unknown, d: unknown): VersionedEvent | null {
    if (!Object.hasOwn(versionedData, t)) return null;
    const version = nat(v);
    const data = versionedData[t as VersionedEvent['t']](d);
    if (version === undefined || data === undefined) return null;
    // The table pairs each `t` with its decoder, so `data` fits `t`.
    return { v: version, t, d: data } as VersionedEvent;
}

function decodeReply(t: string, d: unknown): Reply | null {
    switch (t) {
        case 'ack': {
            const a = nat(d);
            return a === undefined ? null : { t, d: a };
        }
        case 'refusal': {
            const r = refusal(d);
            return r === undefined ? null : { t, d: r };
        }
        case 'error': {
            const e = struct({ code: str, text })(d);
            return e === undefined ? null : { t, d: e };
        }
        case 'pong':
            return { t };
        default:
            return null;
    }
}

/** Largest server frame the page reads; a long game's state is well below it. */
export const MaxServerMessageBytes = 1 << 20;

/** The server message in `raw`, or `null` when it is not one (never throws). */
export function parseServerMessage(raw: unknown): ServerMessage | null {
    if (typeof raw !== 'string' || raw.length > MaxServerMessageBytes) return null;
    const msg = parseJson(raw);
    if (!isObject(msg) || typeof msg.t !== 'string') return null;
    if (msg.v !== undefined) return decodeVersioned(msg.t, msg.v, msg.d);
    if (msg.t === 'analysis') {
        const e = analysisEventOf(msg);
        return e === undefined ? null : { t: 'analysis', d: e };
    }
    return decodeReply(msg.t, msg.d);
}

/** Validators for the HTTP answers, in the same style. */
export const decodeGameState: Decoder<GameState> = gameState;

export const decodeCreateGameResponse: Decoder<CreateGameResponse> = struct({
    id: gameId,
    color: optional(nullable(oneOf<Color | 'both'>('white', 'black', 'both')), null),
    invite: optional(nullable(str), null),
    urls: struct({ play: str, invite: optional(nullable(str), null), watch: str }),
});

export const decodeJoinResponse: Decoder<JoinResponse> = struct({ color });

/** An ISO 8601 time, or milliseconds since 1970 (turned into ISO 8601). */
const timestamp: Decoder<string> = (x) => {
    if (typeof x === 'string') return x;
    const ms = nat(x);
    return ms === undefined ? undefined : new Date(ms).toISOString();
};

const gameSummary: Decoder<GameSummary> = struct({
    id: gameId,
    players,
    status,
    result: optional(nullable(result), null),
    updated: optional(timestamp, ''),
});

/** `GET /api/v1/games`: an array of games, or `{ games: [...] }`. */
export const decodeGameList: Decoder<readonly GameSummary[]> = (x) =>
    arrayOf(gameSummary)(isObject(x) ? x.games : x);

/** The error body of a refused HTTP request: `{ code, text, article? }`. */
export const decodeApiError: Decoder<{ code: string; text: string }> = struct({ code: str, text });

export function isGameId(x: string): boolean {
    return GameIdPattern.test(x);
}

export function otherColor(c: Color): Color {
    return c === 'white' ? 'black' : 'white';
}

/** The side to move in a FEN (its second field). */
export function fenTurn(fenText: string): Color {
    return fenText.split(' ')[1] === 'b' ? 'black' : 'white';
}
