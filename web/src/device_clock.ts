// The chess clock of the clock page, on the device between two players (no server while it runs):
// the stages the server parsed (TimeControl: periods with move counts, increment, simple and
// Bronstein delay, hourglass) counted from the time given to each call, so tests pass the time in.
import { type Color, otherColor } from './protocol.js';
import type { Period } from './tools_api.js';

export interface ClockStages {
    readonly mode: 'periods' | 'hourglass';
    readonly periods: readonly Period[];
}

interface SideState {
    main: number; // ms of main time at the start of the current turn (or now, when not running)
    period: number; // index into the periods (the last one repeats when it has a move count)
    movesInPeriod: number;
    moves: number; // moves completed
}

export class DeviceClock {
    private readonly sides: Record<Color, SideState>;
    /** The side whose turn is under way (its clock runs unless paused), or null before the start
     * and after a flag fall. */
    active: Color | null = null;
    paused = false;
    /** The side to move (also before the start). */
    toMove: Color = 'white';
    private turnStart = 0;
    private usedAtPause = 0;
    flagged: Color | null = null;

    constructor(readonly stages: ClockStages) {
        const base = stages.periods[0]?.baseMs ?? 0;
        const fresh = (): SideState => ({ main: base, period: 0, movesInPeriod: 0, moves: 0 });
        this.sides = { white: fresh(), black: fresh() };
    }

    /** The side whose clock runs now, or null. */
    get running(): Color | null {
        return this.paused ? null : this.active;
    }

    private periodOf(side: Color): Period | undefined {
        const p = this.stages.periods;
        return p[Math.min(this.sides[side].period, p.length - 1)];
    }

    /** Time used in the turn under way at `now`. */
    private used(now: number): number {
        if (!this.active) return 0;
        return this.paused ? this.usedAtPause : Math.max(0, now - this.turnStart);
    }

    /** The delay still to run for `side` at `now` (the main time is not charged within it). */
    delayLeft(side: Color, now: number): number {
        const p = this.periodOf(side);
        if (!p || p.delay === 'none' || this.active !== side || this.stages.mode === 'hourglass') return 0;
        return Math.max(0, p.delayMs - this.used(now));
    }

    /** What the display shows for `side` at `now`, in ms (never below 0). */
    timeLeft(side: Color, now: number): number {
        const s = this.sides[side];
        const used = this.used(now);
        if (this.stages.mode === 'hourglass') {
            // The time one side uses is added to the other.
            if (this.active === side) return Math.max(0, s.main - used);
            if (this.active === otherColor(side)) return s.main + used;
            return Math.max(0, s.main);
        }
        if (this.active !== side) return Math.max(0, s.main);
        const p = this.periodOf(side);
        // Simple delay: the main time starts counting only after the delay; Bronstein and none: at
        // once (Bronstein gives back at the press what was used within the delay).
        const charged = p?.delay === 'simple' ? Math.max(0, used - p.delayMs) : used;
        return Math.max(0, s.main - charged);
    }

    moves(side: Color): number {
        return this.sides[side].moves;
    }

    /** 1-based period of a side, and the moves still to make in it (null: the rest of the game). */
    periodInfo(side: Color): { readonly index: number; readonly movesLeft: number | null } {
        const p = this.periodOf(side);
        const s = this.sides[side];
        return {
            index: Math.min(s.period, this.stages.periods.length - 1) + 1,
            movesLeft: p && p.moves > 0 && this.stages.mode === 'periods' ? p.moves - s.movesInPeriod : null,
        };
    }

    /** Starts the clock of the side to move (the other player pressed first, as at a board), or
     * goes on after a pause. */
    start(now: number): void {
        if (this.flagged) return;
        if (this.active && this.paused) {
            this.paused = false;
            this.turnStart = now - this.usedAtPause;
            return;
        }
        if (this.active) return;
        this.active = this.toMove;
        this.paused = false;
        this.turnStart = now;
    }

    pause(now: number): void {
        if (!this.active || this.paused) return;
        this.usedAtPause = this.used(now);
        this.paused = true;
    }

    /** Checks for a flag at `now`; returns the side whose flag fell (then the clock stops). */
    tick(now: number): Color | null {
        if (this.flagged || !this.active) return this.flagged;
        const side = this.active;
        if (this.timeLeft(side, now) <= 0) {
            if (this.stages.mode === 'hourglass') this.sides[otherColor(side)].main += this.sides[side].main;
            this.sides[side].main = 0;
            this.flagged = side;
            this.active = null;
            this.paused = false;
        }
        return this.flagged;
    }

    /** The side whose clock runs completed a move and pressed: the other side's clock runs. */
    press(side: Color, now: number): boolean {
        if (this.running !== side || this.tick(now)) return false;
        const s = this.sides[side];
        const p = this.periodOf(side);
        const used = this.used(now);
        s.moves += 1;
        if (this.stages.mode === 'hourglass') {
            s.main -= used;
            this.sides[otherColor(side)].main += used;
        } else if (p) {
            // Both delays give back what was used within them; the increment comes after each move
            // made in the period (6.3.1), and a completed period adds the next period's time.
            s.main -= used - Math.min(used, p.delayMs);
            s.main += p.incrementMs;
            s.movesInPeriod += 1;
            if (p.moves > 0 && s.movesInPeriod >= p.moves) {
                s.movesInPeriod = 0;
                if (s.period < this.stages.periods.length - 1) s.period += 1;
                s.main += this.periodOf(side)?.baseMs ?? 0;
            }
        }
        this.toMove = otherColor(side);
        this.active = this.toMove;
        this.turnStart = now;
        return true;
    }

    /** An arbiter's correction: `deltaMs` more (or less) for `side`, e.g. two minutes more after an
     * illegal move (7.5.5) or an incorrect claim (9.5) of the opponent. */
    adjust(side: Color, deltaMs: number): void {
        const s = this.sides[side];
        s.main = Math.max(0, s.main + deltaMs);
    }
}
