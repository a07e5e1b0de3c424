// A fake WebSocket and fake timers for the connection tests.
import type { SocketLike, Timers } from '../src/connection.js';

export class FakeSocket implements SocketLike {
    readyState = 0;
    readonly sent: unknown[] = [];
    closed = false;
    onopen: ((ev: Event) => void) | null = null;
    onmessage: ((ev: MessageEvent) => void) | null = null;
    onclose: ((ev: CloseEvent) => void) | null = null;
    onerror: ((ev: Event) => void) | null = null;

    constructor(readonly url: string) {}

    send(data: string): void {
        if (this.readyState !== 1) throw new Error('send on a socket that is not open');
        this.sent.push(JSON.parse(data));
    }

    close(): void {
        this.closed = true;
        this.readyState = 3;
    }

    /** The server accepts the connection. */
    accept(): void {
        this.readyState = 1;
        this.onopen?.({} as Event);
    }

    /** The server sends a message (an object is sent as JSON, a string as it is). */
    receive(message: unknown): void {
        const data = typeof message === 'string' ? message : JSON.stringify(message);
        this.onmessage?.({ data } as MessageEvent);
    }

    /** The server closes the connection (with a code and reason, if given). */
    drop(code?: number, reason?: string): void {
        this.readyState = 3;
        this.onclose?.({ code, reason } as CloseEvent);
    }

    /** The messages sent of type `t`. */
    sentOf(t: string): Array<{ t: string; d?: unknown }> {
        return (this.sent as Array<{ t: string; d?: unknown }>).filter((m) => m.t === t);
    }
}

export class FakeTimers implements Timers {
    private time = 0;
    private next = 1;
    private readonly queue = new Map<number, { at: number; fn: () => void }>();

    now(): number {
        return this.time;
    }

    setTimeout(fn: () => void, ms: number): number {
        const handle = this.next++;
        this.queue.set(handle, { at: this.time + ms, fn });
        return handle;
    }

    clearTimeout(handle: number): void {
        this.queue.delete(handle);
    }

    /** Moves the time on by `ms`, running every timer that falls due, in order. */
    advance(ms: number): void {
        const end = this.time + ms;
        for (;;) {
            let first: [number, { at: number; fn: () => void }] | null = null;
            for (const entry of this.queue) if (entry[1].at <= end && (!first || entry[1].at < first[1].at)) first = entry;
            if (!first) break;
            this.queue.delete(first[0]);
            this.time = first[1].at;
            first[1].fn();
        }
        this.time = end;
    }
}

/** A state as the server sends it, with the fields a test may change. */
export function sampleState(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    return {
        id: 'aB3dE5gH',
        variant: 'standard',
        chess960: null,
        mode: 'friend',
        level: null,
        tc: { text: '5+3', class: 'blitz' },
        players: {
            white: { kind: 'human', name: 'Anna', joined: true },
            black: { kind: 'human', name: 'Ben', joined: true },
        },
        you: 'white',
        initialFen: start,
        fen: start,
        ply: 0,
        turn: 'white',
        moves: [],
        lastMove: null,
        check: null,
        dests: { e2: ['e3', 'e4'], g1: ['f3', 'h3'] },
        castling: {},
        clock: { white: 300000, black: 300000, running: null, lowTime: 30000 },
        offers: { draw: null, takeback: null },
        claimable: { threefold: false, fifty: false },
        status: 'started',
        result: null,
        version: 1,
        ...overrides,
    };
}

export const AfterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
export const AfterE4E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

/** A join event as the server sends it: Black sat down, the game has started, White to move. */
export function joinEvent(v: number): Record<string, unknown> {
    return {
        v,
        t: 'join',
        d: {
            color: 'black',
            players: {
                white: { kind: 'human', name: '', joined: true },
                black: { kind: 'human', name: '', joined: true },
            },
            status: 'started',
            clock: { white: 300000, black: 300000, running: null, lowTime: 30000 },
            firstMove: { color: 'white', left: 30000 },
            dests: { e2: ['e3', 'e4'] },
            castling: {},
        },
    };
}

/** A move event as the server sends it. */
export function moveEvent(v: number, uci: string, san: string, fen: string, ply: number): Record<string, unknown> {
    return {
        v,
        t: 'move',
        d: {
            uci,
            san,
            fen,
            ply,
            clock: { white: 299000, black: 300000, running: 'black', lowTime: 30000 },
            lastMove: [uci.slice(0, 2), uci.slice(2, 4)],
            check: null,
            dests: null,
            claimable: { threefold: false, fifty: false },
            status: 'started',
            result: null,
        },
    };
}
