// The analysis board's State and its controller: every action of the page (a move on the board,
// navigation, variations, comments, NAGs, loading a FEN or PGN, the engine's settings and its
// messages) is a method here that makes a new State and tells the page. No DOM: the page (and
// the tests) give it a function that sends to the server, and render `view(state)`.
import {
    type MoveNode,
    type Path,
    type Tree,
    type TreeError,
    addMove,
    childrenAt,
    deleteAt,
    fenAt,
    fromPgn,
    isTree,
    lineEnd,
    newTree,
    nodeAt,
    promote,
    setComment,
    toPgn,
    toggleNag,
    validPrefix,
} from './analysis_tree.js';

export type Color = 'white' | 'black';

/** An evaluation from White's view: centipawns, or mate in N (negative: Black mates). */
export type Eval = { readonly cp: number } | { readonly mate: number };

export interface EngineLine {
    readonly eval: Eval;
    readonly pv: readonly string[];
    readonly san: readonly string[];
}

export interface Opening {
    readonly eco: string;
    readonly name: string;
}

export interface EngineState {
    readonly on: boolean;
    readonly multipv: number;
    /** The id of the request whose lines are shown (each new position gets the next). */
    readonly id: number;
    readonly depth: number;
    readonly nodes: number;
    readonly done: boolean;
    readonly lines: readonly EngineLine[];
    /** The server's refusal (code and its words), e.g. `busy`. */
    readonly error: { readonly code: string; readonly text: string } | null;
}

export type Connection = 'connecting' | 'open' | 'closed';

/** What the page says about the last load (a FEN or PGN it could not read). */
export type Notice = TreeError | { readonly kind: 'loaded' } | null;

export interface AnalysisState {
    readonly tree: Tree;
    readonly path: Path;
    readonly orientation: Color;
    readonly engine: EngineState;
    readonly opening: Opening | null;
    readonly connection: Connection;
    /** The game the tree came from (`/analyse?game=…`), for the address. */
    readonly game: string | null;
    readonly notice: Notice;
}

/** What the page sends to the server (docs/web-protocol.md, the analysis socket). */
export type Outgoing =
    | {
          readonly t: 'analyse';
          readonly id: number;
          readonly fen: string;
          readonly moves: readonly string[];
          readonly multipv: number;
          readonly chess960: boolean;
      }
    | { readonly t: 'stop' };

export const MaxMultiPv = 5;

const idleEngine = (on: boolean, multipv: number, id: number): EngineState => ({
    on,
    multipv,
    id,
    depth: 0,
    nodes: 0,
    done: false,
    lines: [],
    error: null,
});

export function initialState(tree: Tree, path: Path = [], extra: Partial<AnalysisState> = {}): AnalysisState {
    return {
        tree,
        path: validPrefix(tree, path),
        orientation: 'white',
        engine: idleEngine(true, 3, 0),
        opening: null,
        connection: 'connecting',
        game: null,
        notice: null,
        ...extra,
    };
}

/** The colour to move in a FEN. */
export function turnOf(fen: string): Color {
    return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

export class AnalysisController {
    private current: AnalysisState;

    constructor(
        initial: AnalysisState,
        private readonly send: (message: Outgoing) => void,
        private readonly changed: (state: AnalysisState) => void = () => undefined,
    ) {
        this.current = initial;
    }

    get state(): AnalysisState {
        return this.current;
    }

    private set(next: AnalysisState): void {
        this.current = next;
        this.changed(next);
    }

    /** A new position (or engine setting): the old lines go, the engine is asked again. */
    private moveTo(tree: Tree, path: Path, extra: Partial<AnalysisState> = {}): void {
        const s = this.current;
        const same = tree === s.tree && path.length === s.path.length && path.every((u, i) => u === s.path[i]);
        this.set({ ...s, tree, path, ...extra });
        if (!same) this.request();
    }

    /** Asks for the lines of the position shown (when the engine is on and the socket open). */
    request(): void {
        const s = this.current;
        const id = s.engine.id + 1;
        this.set({ ...s, engine: idleEngine(s.engine.on, s.engine.multipv, id) });
        if (s.connection !== 'open') return;
        if (!s.engine.on) {
            this.send({ t: 'stop' });
            return;
        }
        this.send({ t: 'analyse', id, fen: s.tree.fen, moves: [...s.path], multipv: s.engine.multipv, chess960: s.tree.chess960 });
    }

    // ---- moves and navigation ----

    /** A move on the board (or a click on an engine line's first move): a child of the node shown. */
    play(uci: string): boolean {
        const s = this.current;
        const r = addMove(s.tree, s.path, uci);
        if (!r) return false;
        this.moveTo(r.tree, r.path);
        return true;
    }

    goTo(path: Path): void {
        const s = this.current;
        this.moveTo(s.tree, validPrefix(s.tree, path));
    }
    next(): void {
        const first = childrenAt(this.current.tree, this.current.path)[0];
        if (first) this.goTo([...this.current.path, first.uci]);
    }
    prev(): void {
        this.goTo(this.current.path.slice(0, -1));
    }
    first(): void {
        this.goTo([]);
    }
    /** The end of the line shown (first children onward). */
    last(): void {
        this.goTo(lineEnd(this.current.tree, this.current.path));
    }
    /** The previous (-1) or next (+1) variation at the node shown: its sibling, round the list. */
    sibling(step: -1 | 1): void {
        const s = this.current;
        if (s.path.length === 0) return;
        const siblings = childrenAt(s.tree, s.path.slice(0, -1));
        if (siblings.length < 2) return;
        const i = siblings.findIndex((c) => c.uci === s.path.at(-1));
        const to = siblings[(i + step + siblings.length) % siblings.length]!;
        this.goTo([...s.path.slice(0, -1), to.uci]);
    }

    // ---- the tree ----

    /** Removes the node at `path` (default: the one shown) and its continuation; the cursor goes to its parent when it was inside. */
    deleteAt(path: Path = this.current.path): void {
        const s = this.current;
        if (path.length === 0) return;
        const inside = path.every((u, i) => s.path[i] === u);
        this.moveTo(deleteAt(s.tree, path), inside ? path.slice(0, -1) : s.path);
    }
    promote(toMainline: boolean, path: Path = this.current.path): void {
        const s = this.current;
        this.set({ ...s, tree: promote(s.tree, path, toMainline) });
    }
    setComment(text: string, path: Path = this.current.path): void {
        const s = this.current;
        this.set({ ...s, tree: setComment(s.tree, path, text.trim()) });
    }
    toggleNag(nag: number, path: Path = this.current.path): void {
        const s = this.current;
        if (path.length === 0) return;
        this.set({ ...s, tree: toggleNag(s.tree, path, nag) });
    }
    flip(): void {
        const s = this.current;
        this.set({ ...s, orientation: s.orientation === 'white' ? 'black' : 'white' });
    }

    // ---- loading ----

    /** A new analysis from a FEN (standard chess or Chess960); false (and a notice) when the FEN is no position. */
    loadFen(fen: string, chess960: boolean): boolean {
        const tree = newTree(fen, chess960);
        if (!isTree(tree)) {
            this.set({ ...this.current, notice: tree });
            return false;
        }
        this.moveTo(tree, [], { game: null, notice: null, opening: null });
        return true;
    }
    /** The first game of a PGN text; the cursor on its main line's `ply`-th move (default: the start). */
    loadPgn(text: string, options: { game?: string | null; ply?: number; line?: Path } = {}): boolean {
        const r = fromPgn(text);
        if ('kind' in r) {
            this.set({ ...this.current, notice: r });
            return false;
        }
        let path: Path = [];
        if (options.line) path = validPrefix(r.tree, options.line);
        else if (options.ply !== undefined) path = lineEnd(r.tree, []).slice(0, Math.max(0, options.ply));
        this.moveTo(r.tree, path, { game: options.game ?? null, notice: { kind: 'loaded' }, opening: null });
        return true;
    }

    // ---- the engine ----

    setEngine(on: boolean): void {
        const s = this.current;
        if (s.engine.on === on) return;
        this.set({ ...s, engine: { ...s.engine, on } });
        this.request();
    }
    setMultiPv(n: number): void {
        const s = this.current;
        const multipv = Math.min(MaxMultiPv, Math.max(1, Math.round(n)));
        if (multipv === s.engine.multipv) return;
        this.set({ ...s, engine: { ...s.engine, multipv } });
        this.request();
    }
    /** The socket opened: the position shown is asked for at once. */
    connected(): void {
        this.set({ ...this.current, connection: 'open' });
        this.request();
    }
    disconnected(): void {
        this.set({ ...this.current, connection: 'closed' });
    }
    /** A message of the server (already parsed JSON); lines of an older request are dropped. */
    receive(message: unknown): void {
        if (typeof message !== 'object' || message === null) return;
        const m = message as Record<string, unknown>;
        const s = this.current;
        if (m['id'] !== s.engine.id && m['t'] !== 'pong') return;
        switch (m['t']) {
            case 'lines': {
                const lines = Array.isArray(m['lines']) ? (m['lines'] as unknown[]).filter(isLine) : [];
                this.set({
                    ...s,
                    engine: {
                        ...s.engine,
                        depth: Number(m['depth']) || 0,
                        nodes: Number(m['nodes']) || 0,
                        done: m['done'] === true,
                        lines,
                        error: null,
                    },
                });
                return;
            }
            case 'opening': {
                const o = m['opening'] as Record<string, unknown> | null;
                this.set({ ...s, opening: o && typeof o['eco'] === 'string' && typeof o['name'] === 'string' ? { eco: o['eco'], name: o['name'] } : null });
                return;
            }
            case 'error':
                this.set({ ...s, engine: { ...s.engine, error: { code: String(m['code']), text: String(m['text'] ?? '') } } });
                return;
        }
    }

    // ---- export and address ----

    pgn(headers: ReadonlyMap<string, string> = new Map()): string {
        const s = this.current;
        const tags = new Map(headers);
        if (s.opening) {
            tags.set('ECO', s.opening.eco);
            tags.set('Opening', s.opening.name);
        }
        return toPgn(s.tree, tags);
    }
}

function isLine(x: unknown): x is EngineLine {
    if (typeof x !== 'object' || x === null) return false;
    const l = x as Record<string, unknown>;
    const e = l['eval'] as Record<string, unknown> | undefined;
    return (
        Array.isArray(l['pv']) &&
        Array.isArray(l['san']) &&
        typeof e === 'object' &&
        e !== null &&
        (typeof e['cp'] === 'number' || typeof e['mate'] === 'number')
    );
}

// ---- the address: the position and the line, so that it can be shared ----

export interface Address {
    readonly fen: string | null; // null: the standard start (or the game's)
    readonly chess960: boolean;
    readonly line: Path;
    readonly game: string | null;
    readonly ply: number | null; // a game's ply (the game page's link)
    readonly color: Color;
}

/** `/analyse?fen=…&line=e2e4_e7e5&variant=chess960&color=black` (or `?game=ID&line=…`): FEN spaces as `_`. */
export function addressOf(state: AnalysisState): string {
    const parts: string[] = [];
    if (state.game) parts.push(`game=${state.game}`);
    else if (state.tree.fen !== 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
        parts.push(`fen=${encodeURIComponent(state.tree.fen.replaceAll(' ', '_')).replaceAll('%2F', '/')}`);
    if (state.tree.chess960 && !state.game) parts.push('variant=chess960');
    if (state.path.length > 0) parts.push(`line=${state.path.join('_')}`);
    if (state.orientation === 'black') parts.push('color=black');
    return `/analyse${parts.length > 0 ? `?${parts.join('&')}` : ''}`;
}

/** The address's parts (anything unreadable left out). */
export function parseAddress(search: string): Address {
    const q = new URLSearchParams(search);
    const fen = q.get('fen');
    const line = (q.get('line') ?? '').split(/[_ ,]/).filter((u) => /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(u));
    const game = q.get('game');
    const ply = Number(q.get('ply'));
    return {
        fen: fen ? fen.replaceAll('_', ' ').trim() : null,
        chess960: q.get('variant') === 'chess960',
        line,
        game: game && /^[A-Za-z0-9]{8}$/.test(game) ? game : null,
        ply: q.has('ply') && Number.isInteger(ply) && ply >= 0 ? ply : null,
        color: q.get('color') === 'black' ? 'black' : 'white',
    };
}

/** The state for an address without a game (a game's tree comes from its PGN). */
export function stateFromAddress(a: Address): AnalysisState {
    const tree = newTree(a.fen ?? undefined, a.chess960);
    const notice: Notice = isTree(tree) ? null : tree;
    const t = isTree(tree) ? tree : (newTree() as Tree);
    // The line of the address is replayed move by move (it may leave the tree: a shared line).
    let built = t;
    let path: Path = [];
    for (const uci of a.line) {
        const r = addMove(built, path, uci);
        if (!r) break;
        built = r.tree;
        path = r.path;
    }
    return initialState(built, path, { orientation: a.color, notice });
}

/** The node shown, or nothing at the root. */
export function currentNode(state: AnalysisState): MoveNode | undefined {
    return nodeAt(state.tree, state.path);
}

export function currentFen(state: AnalysisState): string {
    return fenAt(state.tree, state.path);
}
