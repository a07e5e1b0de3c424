// The analysis board's tree of variations: a root position and moves, each with its variations,
// comment and NAGs. Immutable values: every change returns a new tree that shares the untouched
// branches, so a State can hold it and a view compare it by reference. The rules (legal moves,
// SAN, FEN, PGN with variations) are chessops's, lichess's library made for this (GPL-3.0).
import { Chess, normalizeMove } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { ChildNode, type Game, Node, type PgnNodeData, defaultHeaders, makePgn, parsePgn, startingPosition } from 'chessops/pgn';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci, parseUci } from 'chessops/util';

export const InitialFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export interface MoveNode {
    /** The move in UCI as chessops writes it (castling as the king onto its rook). */
    readonly uci: string;
    /** English SAN (the page shows it in the chosen piece letters). */
    readonly san: string;
    /** The position after the move. */
    readonly fen: string;
    /** Plies since the game's start as the root FEN numbers it (1 is White's first move). */
    readonly ply: number;
    readonly comment: string;
    readonly nags: readonly number[];
    /** The continuation first (the main line), then the variations. */
    readonly children: readonly MoveNode[];
}

export interface Tree {
    readonly fen: string;
    readonly chess960: boolean;
    /** The ply of the root position (0: White to move on move 1). */
    readonly ply: number;
    /** The comment before the first move. */
    readonly comment: string;
    readonly children: readonly MoveNode[];
}

/** A node's place: the moves (UCI) from the root to it; [] is the root. */
export type Path = readonly string[];

export type TreeError =
    | { readonly kind: 'bad-fen'; readonly fen: string }
    | { readonly kind: 'no-game' }
    | { readonly kind: 'bad-pgn-move'; readonly san: string; readonly ply: number };

function plyOfFen(fen: string): number {
    const parts = fen.split(' ');
    const full = Number(parts[5] ?? '1');
    return 2 * ((Number.isInteger(full) && full > 0 ? full : 1) - 1) + (parts[1] === 'b' ? 1 : 0);
}

/** The position of a FEN, or nothing when it is no legal chess position. */
export function positionOf(fen: string): Chess | undefined {
    const setup = parseFen(fen);
    if (setup.isErr) return undefined;
    const pos = Chess.fromSetup(setup.value);
    return pos.isOk ? pos.value : undefined;
}

/** A tree with only its root: the start position, or a FEN (normalized by chessops). */
export function newTree(fen: string = InitialFen, chess960 = false): Tree | TreeError {
    const pos = positionOf(fen.trim());
    if (!pos) return { kind: 'bad-fen', fen };
    const normal = makeFen(pos.toSetup());
    return { fen: normal, chess960, ply: plyOfFen(normal), comment: '', children: [] };
}

export function isTree(x: Tree | TreeError): x is Tree {
    return 'children' in x;
}

/** The nodes from the root's first move to the node of `path`; nothing when the path leaves the tree. */
export function nodesAlong(tree: Tree, path: Path): MoveNode[] | undefined {
    const out: MoveNode[] = [];
    let children = tree.children;
    for (const uci of path) {
        const next = children.find((c) => c.uci === uci);
        if (!next) return undefined;
        out.push(next);
        children = next.children;
    }
    return out;
}

export function nodeAt(tree: Tree, path: Path): MoveNode | undefined {
    return path.length === 0 ? undefined : nodesAlong(tree, path)?.at(-1);
}

/** The children at a path (the root's for []). */
export function childrenAt(tree: Tree, path: Path): readonly MoveNode[] {
    return path.length === 0 ? tree.children : (nodeAt(tree, path)?.children ?? []);
}

export function fenAt(tree: Tree, path: Path): string {
    return nodeAt(tree, path)?.fen ?? tree.fen;
}

export function hasPath(tree: Tree, path: Path): boolean {
    return nodesAlong(tree, path) !== undefined;
}

/** The longest prefix of `path` that is in the tree. */
export function validPrefix(tree: Tree, path: Path): Path {
    const nodes = nodesAlong(tree, path);
    if (nodes) return path;
    const out: string[] = [];
    let children = tree.children;
    for (const uci of path) {
        const next = children.find((c) => c.uci === uci);
        if (!next) break;
        out.push(uci);
        children = next.children;
    }
    return out;
}

/** `path` followed by the first children to the end of its line. */
export function lineEnd(tree: Tree, path: Path): Path {
    const out = [...path];
    let children = childrenAt(tree, path);
    while (children[0]) {
        out.push(children[0].uci);
        children = children[0].children;
    }
    return out;
}

/** Rebuilds the nodes along `path` with `change` applied to the children at its end. */
function updateChildren(tree: Tree, path: Path, change: (children: readonly MoveNode[]) => readonly MoveNode[]): Tree {
    const rebuild = (children: readonly MoveNode[], depth: number): readonly MoveNode[] => {
        if (depth === path.length) return change(children);
        return children.map((c) => (c.uci === path[depth] ? { ...c, children: rebuild(c.children, depth + 1) } : c));
    };
    return { ...tree, children: rebuild(tree.children, 0) };
}

function updateNode(tree: Tree, path: Path, change: (node: MoveNode) => MoveNode): Tree {
    if (path.length === 0) return tree;
    const last = path.at(-1);
    return updateChildren(tree, path.slice(0, -1), (children) => children.map((c) => (c.uci === last ? change(c) : c)));
}

/** The move `uci` (e2e4, e7e8q; castling e1g1 or e1h1) played at `path`: a child there (a new
 * variation after the existing ones, or the one already there). Nothing when it is not legal. */
export function addMove(tree: Tree, path: Path, uci: string): { tree: Tree; path: Path } | undefined {
    if (!hasPath(tree, path)) return undefined;
    const pos = positionOf(fenAt(tree, path));
    const parsed = parseUci(uci);
    if (!pos || !parsed) return undefined;
    const move = normalizeMove(pos, parsed);
    if (!pos.isLegal(move)) return undefined;
    const key = makeUci(move);
    if (childrenAt(tree, path).some((c) => c.uci === key)) return { tree, path: [...path, key] };
    const san = makeSan(pos, move);
    pos.play(move);
    const ply = (nodeAt(tree, path)?.ply ?? tree.ply) + 1;
    const node: MoveNode = { uci: key, san, fen: makeFen(pos.toSetup()), ply, comment: '', nags: [], children: [] };
    return { tree: updateChildren(tree, path, (children) => [...children, node]), path: [...path, key] };
}

/** The node at `path` and everything after it removed. */
export function deleteAt(tree: Tree, path: Path): Tree {
    if (path.length === 0) return tree;
    const last = path.at(-1);
    return updateChildren(tree, path.slice(0, -1), (children) => children.filter((c) => c.uci !== last));
}

/** The variation of `path` one step up (its node first among its siblings), or to the main
 * line (every node along the path first). */
export function promote(tree: Tree, path: Path, toMainline: boolean): Tree {
    let out = tree;
    for (let depth = path.length; depth >= 1; depth -= 1) {
        const uci = path[depth - 1];
        const parent = path.slice(0, depth - 1);
        const children = childrenAt(out, parent);
        const index = children.findIndex((c) => c.uci === uci);
        if (index > 0) {
            out = updateChildren(out, parent, (cs) => [cs[index]!, ...cs.filter((_, i) => i !== index)]);
            if (!toMainline) return out;
        }
    }
    return out;
}

/** Whether the node of `path` is on the main line (every node a first child). */
export function isMainline(tree: Tree, path: Path): boolean {
    let children = tree.children;
    for (const uci of path) {
        if (children[0]?.uci !== uci) return false;
        children = children[0].children;
    }
    return true;
}

export function setComment(tree: Tree, path: Path, comment: string): Tree {
    if (path.length === 0) return { ...tree, comment };
    return updateNode(tree, path, (n) => ({ ...n, comment }));
}

/** The NAGs that exclude each other: a move's judgement ($1–$6) and the position's ($10–$19). */
export const MoveNags: readonly number[] = [1, 2, 3, 4, 5, 6];
export const PositionNags: readonly number[] = [10, 13, 14, 15, 16, 17, 18, 19];

/** Sets a NAG (replacing another of its group), or takes it away when it is set. */
export function toggleNag(tree: Tree, path: Path, nag: number): Tree {
    return updateNode(tree, path, (n) => {
        if (n.nags.includes(nag)) return { ...n, nags: n.nags.filter((x) => x !== nag) };
        const group = MoveNags.includes(nag) ? MoveNags : PositionNags.includes(nag) ? PositionNags : [];
        return { ...n, nags: [...n.nags.filter((x) => !group.includes(x)), nag].sort((a, b) => a - b) };
    });
}

/** The symbol of a NAG as lichess and printed books show it ("!?", "±"), or `$n`. */
export function nagSymbol(nag: number): string {
    const symbols: Readonly<Record<number, string>> = {
        1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!',
        10: '=', 13: '∞', 14: '+=', 15: '=+', 16: '±', 17: '∓', 18: '+−', 19: '−+',
    };
    return symbols[nag] ?? `$${nag}`;
}

// ---- PGN ------------------------------------------------------------------------------------

/** The tree as PGN: the variations, comments and NAGs, with FEN/SetUp for another start and
 * Variant for Chess960; `headers` adds or replaces tags (Event, White, ...). */
export function toPgn(tree: Tree, headers: ReadonlyMap<string, string> = new Map()): string {
    const convert = (from: readonly MoveNode[], into: Node<PgnNodeData>) => {
        for (const n of from) {
            const child = new ChildNode<PgnNodeData>({
                san: n.san,
                ...(n.comment ? { comments: [n.comment] } : {}),
                ...(n.nags.length > 0 ? { nags: [...n.nags] } : {}),
            });
            into.children.push(child);
            convert(n.children, child);
        }
    };
    const moves = new Node<PgnNodeData>();
    convert(tree.children, moves);
    const tags = defaultHeaders();
    if (tree.chess960) tags.set('Variant', 'Chess960');
    if (tree.fen !== InitialFen || tree.chess960) {
        tags.set('SetUp', '1');
        tags.set('FEN', tree.fen);
    }
    for (const [k, v] of headers) tags.set(k, v);
    const game: Game<PgnNodeData> = { headers: tags, moves, ...(tree.comment ? { comments: [tree.comment] } : {}) };
    return makePgn(game);
}

/** The first game of a PGN text as a tree (variations, comments, NAGs kept), with its headers. */
export function fromPgn(text: string): { tree: Tree; headers: Map<string, string> } | TreeError {
    const games = parsePgn(text);
    const game = games.find((g) => g.moves.children.length > 0 || g.headers.has('FEN'));
    if (!game) return { kind: 'no-game' };
    const chess960 = /960/.test(game.headers.get('Variant') ?? '');
    const start = startingPosition(game.headers);
    if (start.isErr) return { kind: 'bad-fen', fen: game.headers.get('FEN') ?? '' };
    const root = newTree(makeFen(start.value.toSetup()), chess960);
    if (!isTree(root)) return root;
    let error: TreeError | undefined;
    const convert = (from: readonly ChildNode<PgnNodeData>[], fen: string, ply: number): MoveNode[] => {
        const out: MoveNode[] = [];
        for (const c of from) {
            if (error) break;
            const pos = positionOf(fen)!;
            const move = parseSan(pos, c.data.san);
            if (!move) {
                error = { kind: 'bad-pgn-move', san: c.data.san, ply: ply + 1 };
                break;
            }
            const san = makeSan(pos, move);
            pos.play(move);
            const after = makeFen(pos.toSetup());
            const key = makeUci(move);
            if (out.some((o) => o.uci === key)) continue; // the same move twice: one node
            out.push({
                uci: key,
                san,
                fen: after,
                ply: ply + 1,
                comment: (c.data.comments ?? []).join(' ').trim(),
                nags: [...(c.data.nags ?? [])],
                children: convert(c.children, after, ply + 1),
            });
        }
        return out;
    };
    const children = convert(game.moves.children, root.fen, root.ply);
    if (error) return error;
    const tree: Tree = { ...root, comment: (game.comments ?? []).join(' ').trim(), children };
    return { tree, headers: game.headers };
}

/** The move number text before a move: "12." for White, "12…" for Black (when a line starts
 * or resumes with Black's move). */
export function moveNumber(ply: number, forBlack: boolean): string {
    const n = Math.floor((ply - 1) / 2) + 1;
    return ply % 2 === 1 ? `${n}.` : forBlack ? `${n}…` : '';
}
