// The coach beside the board in a game against the computer: after each move it asks the server
// for the hints on that move (the browser has no rules) and lists them, each with its principle.
// A switch turns it off and on; the choice is remembered.
import { fetchCoach } from './api.js';
import type { CoachAdvice, CoachHint } from './coach_protocol.js';
import { el, uniqueId } from './dom.js';
import { t } from './i18n.js';
import type { GameState } from './protocol.js';
import { saveCoach, storedCoach } from './settings.js';

export class CoachPanel {
    readonly el: HTMLElement;
    private readonly toggle: HTMLInputElement;
    private readonly list: HTMLUListElement;
    private readonly empty: HTMLParagraphElement;
    private on = storedCoach();
    /** The ply asked for last, so each position is asked once. */
    private asked: number | null = null;
    private last: { readonly state: GameState; readonly watching: boolean } | null = null;
    /** The answers by ply, each asked once (a takeback forgets the plies it took back). */
    private readonly advice = new Map<number, Promise<CoachAdvice>>();

    constructor(private readonly gameId: string) {
        const id = uniqueId('coach-toggle');
        this.toggle = el('input', { attrs: { type: 'checkbox', id } });
        this.toggle.checked = this.on;
        this.toggle.addEventListener('change', () => {
            this.on = this.toggle.checked;
            saveCoach(this.on);
            this.asked = null;
            this.show([]);
            if (this.last) this.update(this.last.state, this.last.watching);
        });
        this.list = el('ul', { class: 'coach-hints', attrs: { 'aria-live': 'polite' } });
        this.empty = el('p', { class: 'coach-empty', text: t('coachNothing') });
        this.el = el('section', { class: 'coach', attrs: { 'aria-label': t('coachHeading') } }, [
            el('label', { class: 'coach-switch', attrs: { for: id } }, [this.toggle, ' ', t('coachToggle')]),
            this.list,
            this.empty,
        ]);
        this.el.hidden = true;
    }

    /** Shows the panel for the player of a game against the computer, and asks after a new move. */
    update(state: GameState, watching: boolean): void {
        this.last = { state, watching };
        const mine = state.mode === 'computer' && !watching && (state.you === 'white' || state.you === 'black');
        this.el.hidden = !mine;
        if (!mine) return;
        for (const ply of this.advice.keys()) if (ply > state.ply) this.advice.delete(ply);
        if (!this.on || this.asked === state.ply) return;
        this.asked = state.ply;
        void this.ask();
    }

    /** Asks for the hints on the last move and, when the computer played it, on the player's move
     * before it; answers for another ply than the one asked for last are dropped. */
    private async ask(): Promise<void> {
        const ply = this.asked;
        if (ply === null || ply === 0) {
            this.show([]);
            return;
        }
        try {
            const last = await this.adviceAt(ply);
            const own = last.mover !== last.learner && ply >= 2 ? await this.adviceAt(ply - 1) : null;
            if (ply === this.asked) this.show([...(own?.hints ?? []), ...last.hints]);
        } catch {
            // No hints this time; the next move asks again.
        }
    }

    private adviceAt(ply: number): Promise<CoachAdvice> {
        let answer = this.advice.get(ply);
        if (!answer) {
            answer = fetchCoach(this.gameId, ply);
            answer.catch(() => this.advice.delete(ply));
            this.advice.set(ply, answer);
        }
        return answer;
    }

    private show(all: readonly CoachHint[]): void {
        const hints = this.on ? all : [];
        this.list.replaceChildren(
            ...hints.map((h) =>
                el('li', { class: h.praise ? 'hint praise' : 'hint', attrs: { 'data-code': h.code } }, [
                    el('span', { class: 'principle', text: t('coachPrinciple', { n: String(h.principle), name: h.principleName }) }),
                    ' ',
                    el('span', { class: 'hint-text', text: h.text }),
                ]),
            ),
        );
        this.list.hidden = !this.on;
        this.empty.hidden = !this.on || hints.length > 0;
    }
}
