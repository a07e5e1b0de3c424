// The WebSocket client of a game (/ws/v1/games/{id}): applies versioned events strictly in order
// (an old or repeated one is dropped, a gap reconnects asking for the missing ones), keeps the
// line alive with pings, reconnects after silence with backoff, and resends an unacknowledged
// move with the same {ply, uci|san, a}. The socket and the timers are injected, so the whole
// class runs in unit tests with fakes.
import {
    type ClientMessage,
    type MoveSubmission,
    type MoveText,
    type Reply,
    type VersionedEvent,
    parseServerMessage,
} from './protocol.js';

/** The part of the browser's WebSocket this class uses. */
export interface SocketLike {
    readonly readyState: number;
    send(data: string): void;
    close(code?: number, reason?: string): void;
    onopen: ((ev: Event) => void) | null;
    onmessage: ((ev: MessageEvent) => void) | null;
    onclose: ((ev: CloseEvent) => void) | null;
    onerror: ((ev: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
    now(): number;
    setTimeout(fn: () => void, ms: number): number;
    clearTimeout(handle: number): void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export interface ConnectionOptions {
    /** The socket URL asking for the events after `version` (`null`: send the state). */
    readonly url: (version: number | null) => string;
    readonly socket: SocketFactory;
    readonly timers: Timers;
    /** Every versioned event, in order, each exactly once. */
    readonly onEvent: (event: VersionedEvent) => void;
    /** Acks, refusals, errors (pongs are handled here). */
    readonly onReply?: (reply: Reply) => void;
    readonly onStatus?: (status: ConnectionStatus) => void;
}

export const PingInterval = 2500;
export const SilenceTimeout = 9000;
export const ResendAfter = 2500;
export const FirstRetryDelay = 500;
export const MaxRetryDelay = 10_000;
/** The server's close code when another node holds the game now; its reason is `node=<name>`. */
export const MovedCloseCode = 4307;

const SocketOpen = 1;

type TimerName = 'ping' | 'silence' | 'resend' | 'retry';

/** Backoff before reconnect attempt number `failures` (0: the first after a good connection). */
export function retryDelay(failures: number): number {
    return Math.min(MaxRetryDelay, FirstRetryDelay * 2 ** Math.min(failures, 10));
}

export class Connection {
    private readonly options: ConnectionOptions;
    private socket: SocketLike | null = null;
    private versionSeen: number | null = null;
    private pending: MoveSubmission | null = null;
    private counter = 0;
    private failures = 0;
    /** Gaps in a row without an event applied: the second asks for a full state instead. */
    private gaps = 0;
    private pingSentAt: number | null = null;
    private lastRoundTrip = 0;
    private stopped = true;
    /** The node that holds the game (from a MovedCloseCode close), sent as `node=` so the proxy routes there. */
    private node: string | null = null;
    private readonly timer: Record<TimerName, number | null> = {
        ping: null,
        silence: null,
        resend: null,
        retry: null,
    };

    constructor(options: ConnectionOptions) {
        this.options = options;
    }

    /** The version of the last event applied (`null` before the first state). */
    get version(): number | null {
        return this.versionSeen;
    }

    /** The last measured ping round trip in milliseconds. */
    get roundTrip(): number {
        return this.lastRoundTrip;
    }

    /** The move waiting for its ack, if any. */
    get unacked(): MoveSubmission | null {
        return this.pending;
    }

    /** Connects; `fromVersion`: the version of a state the page already has (from HTTP). */
    start(fromVersion: number | null = null): void {
        if (!this.stopped) return;
        this.stopped = false;
        if (fromVersion !== null) this.versionSeen = fromVersion;
        this.open();
    }

    stop(): void {
        this.stopped = true;
        this.dropSocket();
        this.cancel('retry');
        this.cancel('resend');
        this.status('stopped');
    }

    /** Connects again asking for the whole state (the server's texts in a new language). */
    reload(): void {
        if (this.stopped) return;
        this.versionSeen = null;
        this.gaps = 0;
        this.dropSocket();
        this.open();
    }

    /** Sends a move for the position after `ply` moves; it is resent until acked or refused. */
    sendMove(ply: number, move: MoveText): number {
        this.counter += 1;
        this.pending = { ply, a: this.counter, ...move };
        this.transmitPending();
        return this.counter;
    }

    /** Sends an action now; `false` when the line is down (the action is not queued). */
    send(message: ClientMessage): boolean {
        const socket = this.socket;
        if (!socket || socket.readyState !== SocketOpen) return false;
        socket.send(JSON.stringify(message));
        return true;
    }

    // ---- Socket life -------------------------------------------------------------------------

    private open(): void {
        this.cancel('retry');
        this.status(this.failures === 0 && this.versionSeen === null ? 'connecting' : 'reconnecting');
        const socket = this.options.socket(withNode(this.options.url(this.versionSeen), this.node));
        this.socket = socket;
        socket.onopen = () => {
            if (socket !== this.socket) return;
            this.status('open');
            this.sendPing();
            this.armSilence();
            if (this.pending) this.transmitPending();
        };
        socket.onmessage = (ev) => {
            if (socket === this.socket) this.receive(ev.data);
        };
        socket.onclose = (ev) => {
            if (socket !== this.socket) return;
            const moved = movedTo(ev);
            if (moved === null) return this.reconnectLater();
            // Another node holds the game now: there at once, asking for what was missed.
            this.node = moved;
            this.dropSocket();
            this.open();
        };
        socket.onerror = () => {
            // A close event follows; nothing to do here.
        };
        this.armSilence();
    }

    private dropSocket(): void {
        const socket = this.socket;
        this.socket = null;
        this.cancel('ping');
        this.cancel('silence');
        this.pingSentAt = null;
        if (socket) {
            socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
            try {
                socket.close(1000);
            } catch {
                // Closing a socket that never opened may throw in some browsers.
            }
        }
    }

    private reconnectLater(): void {
        if (this.stopped) return;
        this.dropSocket();
        const delay = retryDelay(this.failures);
        this.failures += 1;
        this.status('reconnecting');
        this.timer.retry = this.options.timers.setTimeout(() => {
            this.timer.retry = null;
            if (!this.stopped) this.open();
        }, delay);
    }

    /** Reconnects at once asking for the events after the last one applied. */
    private resync(): void {
        this.gaps += 1;
        if (this.gaps > 1) this.versionSeen = null; // replay did not close the gap: take a state
        this.dropSocket();
        this.open();
    }

    // ---- Incoming ----------------------------------------------------------------------------

    private receive(raw: unknown): void {
        this.failures = 0;
        this.armSilence();
        const message = parseServerMessage(raw);
        if (message === null) return; // malformed: ignored, never thrown
        if ('v' in message) {
            this.receiveEvent(message);
            return;
        }
        switch (message.t) {
            case 'pong':
                if (this.pingSentAt !== null) this.lastRoundTrip = this.options.timers.now() - this.pingSentAt;
                this.pingSentAt = null;
                return;
            case 'ack':
                if (this.pending?.a === message.d) this.settlePending();
                break;
            case 'refusal':
                if (message.d.a !== null && this.pending?.a === message.d.a) this.settlePending();
                break;
            case 'error':
                break;
        }
        this.options.onReply?.(message);
    }

    private receiveEvent(event: VersionedEvent): void {
        if (event.t !== 'state') {
            if (this.versionSeen === null || event.v <= this.versionSeen) return; // before a state, or seen
            if (event.v > this.versionSeen + 1) {
                this.resync();
                return;
            }
        }
        this.versionSeen = event.v;
        this.gaps = 0;
        const ply = event.t === 'move' || event.t === 'state' || event.t === 'takeback' ? event.d.ply : null;
        // The position moved past the pending move (its ack was lost, or it is stale now).
        if (this.pending && ply !== null && ply > this.pending.ply) this.settlePending();
        this.options.onEvent(event);
    }

    // ---- Outgoing ----------------------------------------------------------------------------

    private transmitPending(): void {
        const pending = this.pending;
        if (!pending) return;
        this.send({ t: 'move', d: pending });
        this.cancel('resend');
        this.timer.resend = this.options.timers.setTimeout(() => {
            this.timer.resend = null;
            if (this.pending === pending) this.transmitPending();
        }, ResendAfter);
    }

    private settlePending(): void {
        this.pending = null;
        this.cancel('resend');
    }

    private sendPing(): void {
        if (this.send({ t: 'ping' })) this.pingSentAt = this.options.timers.now();
        this.cancel('ping');
        this.timer.ping = this.options.timers.setTimeout(() => {
            this.timer.ping = null;
            this.sendPing();
        }, PingInterval);
    }

    private armSilence(): void {
        this.cancel('silence');
        this.timer.silence = this.options.timers.setTimeout(() => {
            this.timer.silence = null;
            this.reconnectLater();
        }, SilenceTimeout);
    }

    private cancel(name: TimerName): void {
        const handle = this.timer[name];
        if (handle !== null) this.options.timers.clearTimeout(handle);
        this.timer[name] = null;
    }

    private status(status: ConnectionStatus): void {
        this.options.onStatus?.(status);
    }
}

/** The browser's WebSocket and timers. */
/** The node named by a close with MovedCloseCode (`node=<name>`), else `null`. */
export function movedTo(ev: { code?: number; reason?: string } | undefined): string | null {
    if (!ev || ev.code !== MovedCloseCode || typeof ev.reason !== 'string') return null;
    const match = /^node=([A-Za-z0-9_.-]{1,64})$/.exec(ev.reason);
    return match ? match[1]! : null;
}

/** `url` with its `node` parameter set to `node` (none: as it is). */
export function withNode(url: string, node: string | null): string {
    if (node === null) return url;
    const [path, query = ''] = url.split('?', 2) as [string, string?];
    const params = query.split('&').filter((p) => p !== '' && p !== 'node' && !p.startsWith('node='));
    params.push(`node=${encodeURIComponent(node)}`);
    return `${path}?${params.join('&')}`;
}

export const browserSocket: SocketFactory = (url) => new WebSocket(url);

export const browserTimers: Timers = {
    now: () => performance.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
};

/** `/ws/v1/games/{id}?v=<last version>&lang=<lang>` on the page's own host. */
export function gameSocketUrl(
    location: { readonly protocol: string; readonly host: string },
    id: string,
    version: number | null,
    lang: string,
): string {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = new URLSearchParams();
    if (version !== null) query.set('v', String(version));
    query.set('lang', lang);
    return `${scheme}//${location.host}/ws/v1/games/${encodeURIComponent(id)}?${query.toString()}`;
}
