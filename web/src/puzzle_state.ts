// The tactics trainer's one State and the controller that changes it (no DOM: unit-tested with a
// fake server). A puzzle starts on the board before the opponent's move; that move is played,
// then the player finds the rest and the opponent's replies follow by themselves. A move that is
// not the stored one goes to the server's judge: another mate counts as solved, anything else
// shows the refutation on the board and in words and fails the puzzle (retry and the solution
// stay open). The result goes to the server once per puzzle (rated, or not in streak mode, where
// one mistake ends the streak).
import type { Puzzle, PuzzleBoard, PuzzleFilter, PuzzlePlayer, PuzzleServer, PuzzleStats } from './puzzle_api.js';

export type Mode = 'rated' | 'streak';

export type Phase =
    | 'loading' // waiting for the next puzzle
    | 'opening' // the opponent's move is being played
    | 'play' // the player's turn
    | 'judging' // a move is with the server's judge
    | 'reply' // the opponent answers a right move
    | 'wrong' // a wrong move with its refutation on the board
    | 'solved'
    | 'shown' // the solution was shown
    | 'empty' // no puzzle left in the chosen themes
    | 'error';

export const Difficulties: readonly number[] = [-600, -300, 0, 300, 600];

export interface WrongMove {
    readonly san: string;
    readonly text: string;
    readonly refutation: readonly string[];
}

export interface PuzzleState {
    readonly phase: Phase;
    readonly puzzle: Puzzle | null;
    /** Moves of the puzzle on the board (0: the position before the opponent's move). */
    readonly ply: number;
    /** The board to show. */
    readonly board: PuzzleBoard | null;
    /** The square of the piece to move, after "hint". */
    readonly hint: string | null;
    /** A mistake was made in this puzzle (it counts as failed). */
    readonly failed: boolean;
    readonly wrong: WrongMove | null;
    /** The result was sent for this puzzle. */
    readonly reported: boolean;
    readonly mode: Mode;
    readonly streak: number;
    readonly bestStreak: number;
    /** In streak mode: the streak just ended. */
    readonly streakOver: boolean;
    readonly player: PuzzlePlayer | null;
    /** The last rated attempt's change of the rating. */
    readonly delta: number | null;
    readonly filter: PuzzleFilter;
    readonly stats: PuzzleStats | null;
    /** Puzzles solved in this visit. */
    readonly sessionSolved: number;
    readonly error: string | null;
}

export const initialState = (filter: PuzzleFilter = { themes: [], difficulty: 0 }): PuzzleState => ({
    phase: 'loading',
    puzzle: null,
    ply: 0,
    board: null,
    hint: null,
    failed: false,
    wrong: null,
    reported: false,
    mode: 'rated',
    streak: 0,
    bestStreak: 0,
    streakOver: false,
    player: null,
    delta: null,
    filter,
    stats: null,
    sessionSolved: 0,
    error: null,
});

/** The move the board means, as the puzzle's UCI may write it: castling both ways. */
export interface BoardMove {
    readonly uci: string;
    /** Other spellings of the same move (castling: king onto its target square). */
    readonly alternatives: readonly string[];
}

export interface ControllerOptions {
    readonly server: PuzzleServer;
    /** Pauses between moves played for the player (the opponent's move, replies, the solution). */
    readonly wait: (ms: number) => Promise<void>;
    readonly onChange: (state: PuzzleState) => void;
    /** Sentences for failures the server did not word (network). */
    readonly describeError: (e: unknown) => string;
    readonly filter?: PuzzleFilter;
}

export const MovePause = 500;

export class PuzzleController {
    private s: PuzzleState;
    /** Bumped with each new puzzle: a late answer for an old one is dropped. */
    private generation = 0;

    constructor(private readonly o: ControllerOptions) {
        this.s = initialState(o.filter);
    }

    get state(): PuzzleState {
        return this.s;
    }

    private set(patch: Partial<PuzzleState>): void {
        this.s = { ...this.s, ...patch };
        this.o.onChange(this.s);
    }

    /** The collection's themes and the player's rating, then the first puzzle. */
    async start(): Promise<void> {
        try {
            const [stats, player] = await Promise.all([this.o.server.stats(), this.o.server.player()]);
            this.set({ stats, player });
        } catch (e) {
            this.set({ phase: 'error', error: this.o.describeError(e) });
            return;
        }
        await this.next();
    }

    /** Loads the next puzzle and plays the opponent's move. */
    async next(): Promise<void> {
        const generation = ++this.generation;
        this.set({ phase: 'loading', puzzle: null, board: null, ply: 0, hint: null, failed: false, wrong: null, reported: false, error: null, streakOver: false });
        let puzzle: Puzzle;
        try {
            puzzle = await this.o.server.next(this.s.filter);
        } catch (e) {
            if (generation !== this.generation) return;
            const code = (e as { code?: string }).code;
            this.set({ phase: code === 'no-puzzle-left' ? 'empty' : 'error', error: this.o.describeError(e) });
            return;
        }
        if (generation !== this.generation) return;
        this.set({ phase: 'opening', puzzle, board: puzzle.start, ply: 0, player: puzzle.player });
        await this.o.wait(MovePause);
        if (generation !== this.generation) return;
        this.set({ phase: 'play', board: puzzle.steps[0] ?? puzzle.start, ply: 1 });
    }

    /** The player's move on the board. */
    async play(move: BoardMove): Promise<void> {
        const { puzzle, ply, phase } = this.s;
        if (!puzzle || phase !== 'play') return;
        const generation = this.generation;
        const expected = puzzle.moves[ply];
        if (expected === move.uci || move.alternatives.includes(expected ?? '')) {
            await this.right(puzzle, generation);
            return;
        }
        this.set({ phase: 'judging', hint: null });
        let verdict;
        try {
            verdict = await this.o.server.tryMove(puzzle.id, ply, move.uci);
        } catch (e) {
            if (generation !== this.generation) return;
            this.set({ phase: 'play', error: this.o.describeError(e) });
            return;
        }
        if (generation !== this.generation) return;
        if (verdict.result === 'right') {
            await this.right(puzzle, generation);
            return;
        }
        if (verdict.result === 'mate') {
            // Another mate: solved, on the board as played.
            this.set({ board: verdict.steps[0] ?? this.s.board, ply: puzzle.moves.length });
            await this.finish(true, generation);
            return;
        }
        this.set({
            phase: 'wrong',
            failed: true,
            board: verdict.steps[0] ?? this.s.board,
            wrong: { san: verdict.move.san, text: verdict.text, refutation: verdict.refutation.map((m) => m.san) },
        });
        await this.report(false, generation);
        if (this.s.mode === 'streak' && generation === this.generation) this.endStreak();
        for (const step of verdict.steps.slice(1)) {
            await this.o.wait(MovePause);
            if (generation !== this.generation || this.s.phase !== 'wrong') return;
            this.set({ board: step });
        }
    }

    /** The stored move: on the board, then the opponent's reply, or solved at the end. */
    private async right(puzzle: Puzzle, generation: number): Promise<void> {
        const ply = this.s.ply + 1;
        this.set({ board: puzzle.steps[ply - 1] ?? this.s.board, ply, hint: null, error: null });
        if (ply >= puzzle.moves.length) {
            await this.finish(true, generation);
            return;
        }
        this.set({ phase: 'reply' });
        await this.o.wait(MovePause);
        if (generation !== this.generation) return;
        this.set({ phase: 'play', board: puzzle.steps[ply] ?? this.s.board, ply: ply + 1 });
    }

    private async finish(solvedNow: boolean, generation: number): Promise<void> {
        const win = solvedNow && !this.s.failed;
        this.set({ phase: 'solved', hint: null, sessionSolved: this.s.sessionSolved + (win ? 1 : 0) });
        await this.report(win, generation);
        if (win && this.s.mode === 'streak' && generation === this.generation) {
            const streak = this.s.streak + 1;
            this.set({ streak, bestStreak: Math.max(streak, this.s.bestStreak) });
        }
    }

    /** Sends the attempt's result once per puzzle. */
    private async report(win: boolean, generation: number): Promise<void> {
        const puzzle = this.s.puzzle;
        if (!puzzle || this.s.reported) return;
        this.set({ reported: true });
        try {
            const r = await this.o.server.result(puzzle.id, win, this.s.mode === 'rated');
            if (generation !== this.generation) return;
            this.set({ player: r.player, delta: r.rated ? r.delta : this.s.delta });
        } catch (e) {
            if (generation === this.generation) this.set({ error: this.o.describeError(e) });
        }
    }

    private endStreak(): void {
        this.set({ streak: 0, streakOver: true });
    }

    /** Marks the piece to move. */
    hint(): void {
        const { puzzle, ply, phase } = this.s;
        if (!puzzle || phase !== 'play') return;
        const move = puzzle.moves[ply];
        if (move) this.set({ hint: move.slice(0, 2) });
    }

    /** Back to the position before the wrong move. */
    retry(): void {
        const { puzzle, ply, phase } = this.s;
        if (!puzzle || phase !== 'wrong') return;
        this.set({ phase: 'play', board: puzzle.steps[ply - 1] ?? puzzle.start, wrong: null });
    }

    /** Plays the rest of the solution (the puzzle counts as failed). */
    async showSolution(): Promise<void> {
        const { puzzle, phase } = this.s;
        if (!puzzle || (phase !== 'play' && phase !== 'wrong')) return;
        const generation = this.generation;
        this.set({ phase: 'shown', failed: true, wrong: null, hint: null, board: puzzle.steps[this.s.ply - 1] ?? puzzle.start });
        const wasReported = this.s.reported;
        await this.report(false, generation);
        if (!wasReported && this.s.mode === 'streak' && generation === this.generation) this.endStreak();
        for (let ply = this.s.ply; ply < puzzle.moves.length; ply++) {
            await this.o.wait(MovePause);
            if (generation !== this.generation) return;
            this.set({ board: puzzle.steps[ply] ?? this.s.board, ply: ply + 1 });
        }
    }

    /** New themes or difficulty: a new puzzle with them. */
    async setFilter(filter: PuzzleFilter): Promise<void> {
        this.set({ filter });
        await this.next();
    }

    async setMode(mode: Mode): Promise<void> {
        if (mode === this.s.mode) return;
        this.set({ mode, streak: 0, streakOver: false });
        await this.next();
    }
}

/** The puzzle is over (solved, failed and shown, or a streak ended): the themes may be named. */
export function isOver(s: PuzzleState): boolean {
    return s.phase === 'solved' || s.phase === 'shown' || (s.phase === 'wrong' && s.mode === 'streak');
}
