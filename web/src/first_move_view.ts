// The first-move countdown: before each side's first move no clock runs; the server's first-move
// timer aborts the game when the side to move has not moved in time. Counted down locally from
// the event's `left`, like the clocks; the server decides (its `end` event), never the page.
import { firstMoveSeconds } from './clock_format.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import type { FirstMove } from './protocol.js';

export class FirstMoveView {
    readonly el: HTMLElement;
    private firstMove: FirstMove | null = null;
    private since = 0;

    constructor() {
        this.el = el('p', { class: 'first-move', attrs: { role: 'timer', 'aria-live': 'off' } });
        this.el.hidden = true;
    }

    /** The timer from the server (none: hidden), made at `since` on the page's clock. */
    set(firstMove: FirstMove | null, since: number): void {
        this.firstMove = firstMove;
        this.since = since;
        this.el.hidden = firstMove === null;
    }

    /** Redraws the seconds left at `now`. */
    tick(now: number): void {
        const f = this.firstMove;
        if (!f) return;
        const seconds = firstMoveSeconds(f.left, this.since, now);
        this.el.textContent = t('firstMoveCountdown', { color: t(f.color), seconds });
    }
}
