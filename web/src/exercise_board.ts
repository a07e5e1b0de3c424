// One exercise of the rules guide: the task, a board with its position (any move may be tried:
// the pieces move freely, the server judges), a claim box where the task is a draw claim, the
// answer in a live region, "reset" and "next". Wrong tries snap back with the server's reason
// and its squares marked.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { ApiError } from './api.js';
import { button, el, uniqueId } from './dom.js';
import { type ExerciseInfo, type ExercisePosition, type TryResult, fetchExercise, tryExercise } from './exercise_api.js';
import { t } from './i18n.js';
import { type Notation, convertSan } from './notation.js';
import { PromotionChooser, promotionSuffix } from './promotion.js';
import type { ClaimKind, Color, Square } from './protocol.js';
import { type RulesKey, rt } from './rules_i18n.js';

export interface ExerciseOptions {
    readonly id: string;
    readonly task: RulesKey;
    /** The task is a draw claim of this kind: the board gets a box to claim with the move. */
    readonly claim?: ClaimKind;
    readonly notation: () => Notation;
    readonly reducedMotion: boolean;
    /** Called once when the exercise is solved. */
    readonly onSolved: () => void;
    /** "Next exercise": the page moves the focus on. */
    readonly onNext: () => void;
}

const asKey = (s: Square) => s as Key;

export class ExerciseBoard {
    readonly el: HTMLElement;
    private readonly cg: Api;
    private readonly chooser = new PromotionChooser();
    private readonly feedback: HTMLElement;
    private readonly setupLine: HTMLElement;
    private readonly seat: HTMLElement;
    private readonly claimBox: HTMLInputElement | null = null;
    private info: ExerciseInfo | null = null;
    private position: ExercisePosition | null = null;
    private moves: readonly string[] = [];
    private solved = false;
    private busy = false;
    private readonly before: HTMLElement;

    constructor(private readonly options: ExerciseOptions) {
        const taskId = uniqueId('task');
        const host = el('div', { class: 'board', attrs: { role: 'img', 'aria-label': rt('exBoardLabel') } });
        const frame = el('div', { class: 'board-frame' }, [host, this.chooser.el]);
        this.feedback = el('p', { class: 'ex-feedback', attrs: { role: 'status', 'aria-live': 'polite' } });
        this.setupLine = el('p', { class: 'ex-setup' });
        this.seat = el('p', { class: 'ex-seat' });
        this.before = el('p', { class: 'ex-before', text: rt('exSolvedBefore') });
        this.before.hidden = true;
        const controls: HTMLElement[] = [];
        if (options.claim) {
            const boxId = uniqueId('claim');
            this.claimBox = el('input', { attrs: { type: 'checkbox', id: boxId, class: 'ex-claim-box' } });
            controls.push(
                el('div', { class: 'ex-claim' }, [
                    this.claimBox,
                    el('label', { text: rt(options.claim === 'threefold' ? 'exClaimThreefold' : 'exClaimFifty'), attrs: { for: boxId } }),
                ]),
            );
        }
        const inputId = uniqueId('ex-move');
        const input = el('input', { class: 'ex-move-input', attrs: { id: inputId, type: 'text', autocomplete: 'off', spellcheck: 'false', inputmode: 'latin' } });
        const typed = el('form', { class: 'ex-move' }, [
            el('label', { text: rt('exMoveLabel'), attrs: { for: inputId } }),
            el('div', { class: 'entry-row' }, [input, el('button', { text: rt('exMovePlay'), attrs: { type: 'submit' } })]),
        ]);
        typed.addEventListener('submit', (ev) => {
            ev.preventDefault();
            const text = input.value.trim().toLowerCase();
            if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text)) {
                this.say(rt('exMoveBad'), 'error');
                return;
            }
            if (this.busy || this.position === null || this.el.classList.contains('solved')) return;
            input.value = '';
            void this.send(text);
        });
        controls.push(typed);
        controls.push(
            el('div', { class: 'ex-buttons' }, [button(rt('exReset'), () => this.reset(), 'ex-reset'), button(rt('exNext'), () => options.onNext(), 'ex-next')]),
        );
        this.el = el('article', { class: 'exercise', attrs: { 'data-exercise': options.id, 'aria-labelledby': taskId } }, [
            el('p', { class: 'ex-task', text: rt(options.task), attrs: { id: taskId, tabindex: '-1' } }),
            this.before,
            this.seat,
            this.setupLine,
            el('div', { class: 'ex-board' }, [frame]),
            ...controls,
            this.feedback,
        ]);
        this.cg = Chessground(host, {
            coordinates: true,
            autoCastle: true,
            animation: { enabled: !options.reducedMotion, duration: 150 },
            movable: { free: true, color: undefined, showDests: false, events: { after: (orig, dest) => void this.afterMove(orig, dest) } },
            premovable: { enabled: false },
            draggable: { enabled: true, showGhost: true },
            highlight: { lastMove: true, check: true },
            drawable: { enabled: false },
        });
    }

    /** Shows that this exercise was solved on this device before (or no longer, after a reset). */
    markSolvedBefore(on: boolean): void {
        this.before.hidden = !on;
        this.el.classList.toggle('solved-before', on);
    }

    /** Loads the exercise from the server. */
    async load(): Promise<void> {
        try {
            this.info = await fetchExercise(this.options.id);
        } catch (e) {
            this.say(rt('exLoadFailed', { error: e instanceof ApiError ? e.message : String(e) }), 'error');
            return;
        }
        this.seat.textContent = rt('exYouPlay', { color: t(this.info.orientation) });
        const setup = this.info.setup.map((m) => convertSan(m.san, this.options.notation())).join(' ');
        this.setupLine.textContent = setup ? rt('exSetup', { moves: setup }) : '';
        this.setupLine.hidden = !setup;
        this.reset();
    }

    /** Focuses the task (for "next exercise"). */
    focus(): void {
        this.el.querySelector<HTMLElement>('.ex-task')?.focus();
    }

    private reset(): void {
        if (!this.info) return;
        this.chooser.cancel();
        this.moves = [];
        this.busy = false;
        this.show(this.info.position, []);
        if (this.claimBox) this.claimBox.checked = false;
        this.say('', 'none');
        this.el.classList.remove('solved');
    }

    /** Shows `position` with the learner's side movable (freely: the server judges). */
    private show(position: ExercisePosition, marked: readonly Square[]): void {
        this.position = position;
        const learner: Color = this.info?.orientation ?? 'white';
        const live = !this.solved || this.moves.length === 0;
        this.cg.set({
            fen: position.fen,
            orientation: learner,
            turnColor: position.turn,
            check: position.check !== null,
            lastMove: position.lastMove ? (position.lastMove.map(asKey) as Key[]) : undefined,
            movable: { free: true, color: live && position.turn === learner ? learner : undefined, dests: new Map() },
            highlight: { custom: this.marks(marked) },
        });
    }

    /** The refused try's squares, and before the first move the squares touched (Article 4). */
    private marks(refused: readonly Square[]): Map<Key, string> {
        const marks = new Map<Key, string>();
        if (this.moves.length === 0) for (const s of this.info?.touched ?? []) marks.set(asKey(s), 'touched');
        for (const s of refused) marks.set(asKey(s), marks.has(asKey(s)) ? 'touched refused' : 'refused');
        return marks;
    }

    private async afterMove(orig: Key, dest: Key): Promise<void> {
        const position = this.position;
        if (!position || this.busy) return;
        const suffix = await promotionSuffix(this.cg, this.chooser, dest, this.info?.orientation ?? 'white');
        if (suffix === null) {
            this.show(position, []);
            return;
        }
        await this.send(orig + dest + suffix);
    }

    private async send(uci: string): Promise<void> {
        const position = this.position;
        if (!position) return;
        this.busy = true;
        let result: TryResult;
        try {
            result = await tryExercise(this.options.id, this.moves, uci, this.claimBox?.checked ? (this.options.claim ?? null) : null);
        } catch (e) {
            this.busy = false;
            this.show(position, []);
            this.say(rt('exFailed', { error: e instanceof ApiError ? e.message : String(e) }), 'error');
            return;
        }
        this.busy = false;
        this.judge(result, position);
    }

    private judge(result: TryResult, before: ExercisePosition): void {
        const san = (s: string | undefined) => convertSan(s ?? '', this.options.notation());
        switch (result.result) {
            case 'solved':
                this.moves = result.moves;
                if (!this.solved) this.options.onSolved();
                this.solved = true;
                this.el.classList.add('solved');
                this.show(result.position, []);
                this.cg.set({ movable: { color: undefined } });
                this.say(rt('exSolved', { move: san(result.move?.san) }), 'solved');
                return;
            case 'next':
                this.moves = result.moves;
                this.show(result.position, []);
                this.say(rt('exStepDone', { move: san(result.move?.san), reply: san(result.reply?.san) }), 'next');
                return;
            case 'refused':
                this.show(before, result.explanation?.squares ?? []);
                this.say(rt('exRefused', { text: result.explanation?.text ?? '' }), 'refused', result.explanation?.code);
                return;
            case 'missed':
                this.show(before, []);
                this.say(rt('exMissed', { text: result.explanation?.text ?? '' }), 'missed', result.explanation?.code);
                return;
        }
    }

    /** The answer in the live region; `data-result` and `data-code` for tests and styles. */
    private say(text: string, kind: 'none' | 'error' | TryResult['result'], code = ''): void {
        this.feedback.textContent = text;
        this.feedback.dataset.result = kind;
        this.feedback.dataset.code = code;
    }
}
