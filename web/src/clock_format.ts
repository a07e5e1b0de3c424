// Clock arithmetic and text: the server's milliseconds counted down locally between events.
import type { Clock, Color } from './protocol.js';

/** "1:05" from ten seconds up (hours as "1:02:03"), tenths below ten seconds ("9.4"), "0.0" at the end. */
export function formatClock(ms: number): string {
    if (!(ms > 0)) return '0.0';
    if (ms < 10_000) return (Math.floor(ms / 100) / 10).toFixed(1);
    const total = Math.floor(ms / 1000);
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = String(total % 60).padStart(2, '0');
    return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** When the event was made, on the page's clock: received minus half the measured round trip. */
export function eventTime(receivedAt: number, pingMs: number): number {
    return receivedAt - pingMs / 2;
}

/** Milliseconds left for `color` at `now`: the running side loses the time since the event. */
export function timeLeft(clock: Clock, color: Color, since: number, now: number): number {
    const left = clock[color] - (clock.running === color ? Math.max(0, now - since) : 0);
    return Math.max(0, left);
}

/** Whole seconds (rounded up) left of the first-move timer's `left` ms at `now`, counted from `since`. */
export function firstMoveSeconds(left: number, since: number, now: number): number {
    return Math.max(0, Math.ceil((left - Math.max(0, now - since)) / 1000));
}
