// One player's clock: the server's milliseconds counted down locally for the running side,
// tenths under ten seconds, a low-time look below the state's `lowTime`, and a flag at zero
// (whether the game is lost on time is the server's decision, announced as its result).
import { formatClock, timeLeft } from './clock_format.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import type { Clock, Color } from './protocol.js';

export class ClockView {
    readonly el: HTMLElement;
    private readonly name: HTMLElement;
    private readonly time: HTMLElement;
    private clock: Clock | null = null;
    private since = 0;
    private wasLow = false;

    /** `onLow` is called when this clock falls below the low-time mark while running. */
    constructor(
        readonly color: Color,
        private readonly onLow: (color: Color) => void,
    ) {
        this.name = el('span', { class: 'player-name' });
        this.time = el('span', { class: 'clock-time', attrs: { role: 'timer', 'aria-live': 'off' } });
        this.el = el('div', { class: `player player-${color}` }, [
            el('span', { class: `player-color ${color}`, attrs: { 'aria-hidden': 'true' } }),
            this.name,
            this.time,
        ]);
        this.time.setAttribute('aria-label', t('clockLabel', { color: t(color) }));
    }

    setName(text: string, toMove: boolean): void {
        this.name.textContent = text;
        this.el.classList.toggle('to-move', toMove);
    }

    /** A new clock from the server, made at `since` on the page's clock (see eventTime). */
    setClock(clock: Clock | null, since: number): void {
        this.clock = clock;
        this.since = since;
        this.time.hidden = clock === null;
    }

    /** Redraws the time for `now`. */
    tick(now: number): void {
        const clock = this.clock;
        if (!clock) return;
        const left = timeLeft(clock, this.color, this.since, now);
        const running = clock.running === this.color;
        const low = clock.lowTime > 0 && left < clock.lowTime;
        const flag = left <= 0;
        this.time.textContent = flag ? `⚑ ${formatClock(0)}` : formatClock(left);
        this.time.title = flag ? t('flagFallen') : '';
        this.el.classList.toggle('running', running);
        this.el.classList.toggle('low-time', low && !flag);
        this.el.classList.toggle('flagged', flag);
        if (low && running && !this.wasLow) this.onLow(this.color);
        this.wasLow = low;
    }

    /** What a screen reader hears when asked for this clock. */
    spoken(now: number): string {
        if (!this.clock) return '';
        return `${t('clockLabel', { color: t(this.color) })}: ${formatClock(timeLeft(this.clock, this.color, this.since, now))}`;
    }
}
