// The HTTP API of docs/web-protocol.md (/api/v1). Answers are validated like socket messages;
// a refused request becomes an ApiError carrying the server's explanation.
import { type CoachAdvice, decodeCoachAdvice } from './coach_protocol.js';
import { currentLang } from './i18n.js';
import {
    type CreateGameRequest,
    type CreateGameResponse,
    type GameState,
    type GameSummary,
    type JoinResponse,
    decodeApiError,
    decodeCreateGameResponse,
    decodeGameList,
    decodeGameState,
    decodeJoinResponse,
} from './protocol.js';
import { type Decoder, str, struct } from './decode.js';
import { type Analysis, type AnalysisEvent, type TryAnswer, decodeAnalysis, decodeAnalysisEvent, decodeTryAnswer } from './review_protocol.js';

export class ApiError extends Error {
    constructor(
        readonly status: number,
        readonly code: string,
        message: string,
    ) {
        super(message);
    }
}

function apiUrl(path: string, base: string): string {
    return `${base}${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(currentLang())}`;
}

/** A request to the API under `base` (`/api/v1`: games; `/api`: the tools) in the page's
 * language, its answer checked by `decode`. */
export async function call<T>(path: string, decode: Decoder<T>, init: RequestInit = {}, base = '/api/v1'): Promise<T> {
    let response: Response;
    try {
        response = await fetch(apiUrl(path, base), { credentials: 'same-origin', ...init });
    } catch (e) {
        throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e));
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
        const err = decodeApiError(body);
        throw new ApiError(response.status, err?.code ?? 'http', err?.text ?? `HTTP ${response.status}`);
    }
    const value = decode(body);
    if (value === undefined) throw new ApiError(response.status, 'malformed', `unexpected answer from ${path}`);
    return value;
}

export function postJson(body: unknown): RequestInit {
    return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

export function createGame(request: CreateGameRequest): Promise<CreateGameResponse> {
    return call('/games', decodeCreateGameResponse, postJson(request));
}

/** Takes the free seat of a friend game; `null` when the seat is taken already (409). */
export async function joinGame(id: string, invite: string): Promise<JoinResponse | null> {
    try {
        return await call(`/games/${encodeURIComponent(id)}/join`, decodeJoinResponse, postJson({ invite }));
    } catch (e) {
        if (e instanceof ApiError && e.status === 409) return null;
        throw e;
    }
}

/** After a rematch: takes this browser's seat in the new game, proven by its seat in `previous`. */
export function joinRematch(id: string, previous: string): Promise<JoinResponse> {
    return call(`/games/${encodeURIComponent(id)}/join`, decodeJoinResponse, postJson({ rematch: previous }));
}

/** The state of game `id` as this browser's seat sees it; `null` when there is no such game. */
export async function fetchGame(id: string): Promise<GameState | null> {
    try {
        return await call(`/games/${encodeURIComponent(id)}`, decodeGameState);
    } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
    }
}

export function listGames(): Promise<readonly GameSummary[]> {
    return call('/games', decodeGameList);
}

/** The coach's hints on the last move of a game against the computer, for this browser's seat. */
export function fetchCoach(id: string, ply: number): Promise<CoachAdvice> {
    return call(`/games/${encodeURIComponent(id)}/coach?ply=${ply}`, decodeCoachAdvice);
}

/** The analysis of game `id` in the page's language; `null` when none was asked for (404). */
export async function fetchAnalysis(id: string): Promise<Analysis | null> {
    try {
        return await call(`/games/${encodeURIComponent(id)}/analysis`, decodeAnalysis);
    } catch (e) {
        if (e instanceof ApiError && e.status === 404 && e.code === 'analysis_not_requested') return null;
        throw e;
    }
}

/** Asks for the analysis of a finished game (queued on the server; progress on the socket). */
export function requestAnalysis(id: string): Promise<AnalysisEvent> {
    return call(`/games/${encodeURIComponent(id)}/analysis`, decodeAnalysisEvent, { method: 'POST' });
}

/** "Learn from your mistakes": `uci` tried instead of the move of ply `ply`, judged by the engine. */
export function tryInstead(id: string, ply: number, uci: string): Promise<TryAnswer> {
    return call(`/games/${encodeURIComponent(id)}/analysis/try`, decodeTryAnswer, postJson({ ply, uci }));
}

/** Stores a game given as PGN (`POST /api/v1/imports`) so that it can be reviewed and shared;
 * a PGN error is thrown with its line, column and text. */
export function importGame(pgn: string): Promise<{ readonly id: string; readonly url: string }> {
    return call('/imports', struct({ id: str, url: str }), postJson({ pgn }));
}

export function pgnUrl(id: string): string {
    return `/api/v1/games/${encodeURIComponent(id)}/pgn`;
}

export async function fetchPgn(id: string): Promise<string> {
    let response: Response;
    try {
        response = await fetch(pgnUrl(id), { credentials: 'same-origin' });
    } catch (e) {
        throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e));
    }
    if (!response.ok) throw new ApiError(response.status, 'http', `HTTP ${response.status}`);
    return response.text();
}
