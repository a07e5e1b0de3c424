// The trainer's "My mistakes": its one State and the controller that changes it (no DOM:
// unit-tested with a fake server). An exercise is the position before a mistake of one's own
// reviewed game; the player tries a better move, which the server judges as "learn from your
// mistakes" does (solved when it loses less than 4 Win% against the best move), with the words
// why; a refused try can be retried, the answer shown; the server moves the exercise's schedule
// (a miss comes back soon, a solve later) and says when it is due again.
import type { MistakeExercise, MistakeMove, MistakeServer, MistakeStats } from './mistake_api.js';
import type { PuzzleBoard } from './puzzle_api.js';
import type { BoardMove } from './puzzle_state.js';

export type MistakePhase =
    | 'loading' // waiting for the next exercise
    | 'play' // the player's turn
    | 'judging' // the try is with the server's judge
    | 'refused' // not better: why, in words; retry or the answer
    | 'solved'
    | 'shown' // the answer was shown
    | 'empty' // nothing due now (or no exercise at all)
    | 'error';

export interface MistakeTried {
    readonly san: string;
    readonly text: string;
    /** Win% points lost against the best move. */
    readonly loss: number;
    /** The try moved the schedule (the exercise was due); a retry does not. */
    readonly counted: boolean;
}

export interface MistakeState {
    readonly phase: MistakePhase;
    readonly exercise: MistakeExercise | null;
    readonly board: PuzzleBoard | null;
    readonly tried: MistakeTried | null;
    /** The better move, once solved or shown. */
    readonly answer: MistakeMove | null;
    readonly stats: MistakeStats | null;
    /** Exercises solved in this visit. */
    readonly sessionSolved: number;
    readonly error: string | null;
}

export const initialMistakeState = (): MistakeState => ({
    phase: 'loading',
    exercise: null,
    board: null,
    tried: null,
    answer: null,
    stats: null,
    sessionSolved: 0,
    error: null,
});

export interface MistakeControllerOptions {
    readonly server: MistakeServer;
    readonly onChange: (state: MistakeState) => void;
    /** Sentences for failures the server did not word (network). */
    readonly describeError: (e: unknown) => string;
}

export class MistakeController {
    private s: MistakeState = initialMistakeState();
    /** Bumped with each new exercise: a late answer for an old one is dropped. */
    private generation = 0;

    constructor(private readonly o: MistakeControllerOptions) {}

    get state(): MistakeState {
        return this.s;
    }

    private set(patch: Partial<MistakeState>): void {
        this.s = { ...this.s, ...patch };
        this.o.onChange(this.s);
    }

    /** Loads the exercise due longest ago, or the empty state with the next due time. */
    async next(): Promise<void> {
        const generation = ++this.generation;
        this.set({ phase: 'loading', exercise: null, board: null, tried: null, answer: null, error: null });
        try {
            const n = await this.o.server.next();
            if (generation !== this.generation) return;
            if (!n.exercise) this.set({ phase: 'empty', stats: n.stats });
            else this.set({ phase: 'play', exercise: n.exercise, board: n.exercise.board, stats: n.stats });
        } catch (e) {
            if (generation === this.generation) this.set({ phase: 'error', error: this.o.describeError(e) });
        }
    }

    /** The player's move on the board. */
    async play(move: BoardMove): Promise<void> {
        const { exercise, phase } = this.s;
        if (!exercise || phase !== 'play') return;
        const generation = this.generation;
        this.set({ phase: 'judging', error: null });
        try {
            const v = await this.o.server.tryMove(exercise.id, move.uci);
            if (generation !== this.generation) return;
            const tried = { san: v.san, text: v.text, loss: v.loss, counted: v.counted };
            if (v.verdict === 'solved')
                this.set({
                    phase: 'solved',
                    board: v.board,
                    tried,
                    answer: v.best,
                    exercise: v.exercise,
                    stats: v.stats,
                    sessionSolved: this.s.sessionSolved + 1,
                });
            else this.set({ phase: 'refused', board: v.board, tried, exercise: v.exercise, stats: v.stats });
        } catch (e) {
            if (generation !== this.generation) return;
            this.set({ phase: 'play', board: exercise.board, error: this.o.describeError(e) });
        }
    }

    /** Back to the position before the refused try. */
    retry(): void {
        const { exercise, phase } = this.s;
        if (!exercise || phase !== 'refused') return;
        this.set({ phase: 'play', board: exercise.board, tried: null });
    }

    /** The better move on the board (a due exercise counts as missed). */
    async showAnswer(): Promise<void> {
        const { exercise, phase } = this.s;
        if (!exercise || (phase !== 'play' && phase !== 'refused')) return;
        const generation = this.generation;
        try {
            const a = await this.o.server.answer(exercise.id);
            if (generation !== this.generation) return;
            this.set({ phase: 'shown', board: a.board, answer: a.best, exercise: a.exercise, stats: a.stats, error: null });
        } catch (e) {
            if (generation === this.generation) this.set({ error: this.o.describeError(e) });
        }
    }
}

/** The exercise is over for now (solved or its answer shown): "next" is the way on. */
export function mistakeOver(s: MistakeState): boolean {
    return s.phase === 'solved' || s.phase === 'shown';
}
