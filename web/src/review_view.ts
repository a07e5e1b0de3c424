// The review on the game page, drawn from the page's state: the panel below the board (the
// button or the progress, the opening, the evaluation graph, each side's accuracy and mistakes,
// "learn from your mistakes") and the comment under the move list (what the engine says about
// the move shown, or the mistake being learned from). Parts are made once and shown or hidden,
// so the keyboard focus stays on a button that is pressed.
import { button, el } from './dom.js';
import { EvalGraph } from './eval_graph.js';
import {
    type GameCtrl,
    type GamePageState,
    analysisOf,
    learnPly,
    learnerColors,
    running,
    shownPly,
} from './game_ctrl.js';
import { type MessageKey, t } from './i18n.js';
import { moveNumberText, numbering } from './move_list.js';
import { convertSan } from './notation.js';
import { type Analysis, type Judgement, type SideReport, evalText, moverOf, plyOf } from './review_protocol.js';
import { refusalReason } from './review_words.js';
import type { Color } from './protocol.js';

export const JudgementNames: { readonly [J in Judgement]: MessageKey } = {
    inaccuracy: 'judgementInaccuracy',
    mistake: 'judgementMistake',
    blunder: 'judgementBlunder',
};

export class ReviewPanel {
    readonly el: HTMLElement;
    private readonly opening: HTMLElement;
    private readonly status: HTMLElement;
    private readonly request: HTMLButtonElement;
    private readonly hint: HTMLElement;
    private readonly graph: EvalGraph;
    private readonly graphBox: HTMLElement;
    private readonly sides: HTMLTableElement;
    private readonly learn: HTMLButtonElement;
    /** To the trainer's "My mistakes", where this game's mistakes come back spaced. */
    private readonly practise: HTMLElement;
    private sidesOf: Analysis | null = null;

    constructor(ctrl: GameCtrl) {
        this.opening = el('p', { class: 'review-opening' });
        this.status = el('p', { class: 'review-status', attrs: { role: 'status' } });
        this.request = button(t('reviewRequest'), () => void ctrl.requestReview(), 'primary review-request');
        this.hint = el('p', { class: 'review-hint', text: t('reviewRequestHint') });
        this.graph = new EvalGraph(t('reviewGraphLabel'), (ply) => ctrl.showPly(ply));
        this.graphBox = el('div', { class: 'graph-box' }, [this.graph.el]);
        this.sides = el('table', { class: 'review-sides', attrs: { 'aria-label': t('reviewSidesLabel') } });
        this.learn = button(t('learnStart'), () => ctrl.startLearn(), 'learn-start');
        this.practise = el('p', { class: 'practise-mistakes' }, [el('a', { class: 'button-link', text: t('mistakesPractise'), attrs: { href: '/puzzles?mistakes' } })]);
        this.el = el('section', { class: 'review', attrs: { 'aria-label': t('reviewHeading') } }, [
            el('h2', { text: t('reviewHeading') }),
            this.opening,
            this.status,
            this.request,
            this.hint,
            this.graphBox,
            this.sides,
            this.learn,
            this.practise,
        ]);
        this.el.hidden = true;
    }

    render(s: GamePageState): void {
        const game = s.game;
        const review = s.review;
        const over = game !== null && !running(game) && game.status === 'over';
        this.el.hidden = !over || review.kind === 'unknown';
        if (this.el.hidden) return;
        const analysis = analysisOf(s);
        this.request.hidden = !(review.kind === 'none' || review.kind === 'failed');
        this.request.textContent = review.kind === 'failed' ? t('reviewRetry') : t('reviewRequest');
        this.hint.hidden = review.kind !== 'none';
        this.status.textContent = statusText(s);
        this.status.hidden = this.status.textContent === '';
        this.opening.hidden = !analysis?.opening;
        this.opening.textContent = analysis?.opening ? t('reviewOpening', { eco: analysis.opening.eco, name: analysis.opening.name }) : '';
        this.graphBox.hidden = analysis === null || analysis.plies.length === 0;
        if (analysis && game) {
            const shown = shownPly(s);
            this.graph.render(analysis, shown, plyLabel(s, shown));
        }
        this.sides.hidden = !analysis?.players;
        if (analysis && analysis !== this.sidesOf) this.drawSides(analysis);
        this.learn.hidden = !analysis || learnerColors(s).length === 0 || s.learn !== null;
        this.practise.hidden = !analysis || learnerColors(s).length !== 1; // at one device: nobody's exercises
    }

    private drawSides(analysis: Analysis): void {
        this.sidesOf = analysis;
        const players = analysis.players;
        if (!players) return;
        const rows: ReadonlyArray<readonly [MessageKey, (r: SideReport) => string]> = [
            ['reviewAccuracy', (r) => (r.accuracy === null ? '–' : t('reviewPercent', { n: Math.round(r.accuracy) }))],
            ['reviewInaccuracies', (r) => String(r.inaccuracies)],
            ['reviewMistakes', (r) => String(r.mistakes)],
            ['reviewBlunders', (r) => String(r.blunders)],
            ['reviewAcpl', (r) => (r.acpl === null ? '–' : String(Math.round(r.acpl)))],
        ];
        const head = el('tr', {}, [el('td'), el('th', { text: t('white'), attrs: { scope: 'col' } }), el('th', { text: t('black'), attrs: { scope: 'col' } })]);
        this.sides.replaceChildren(
            el('thead', {}, [head]),
            el(
                'tbody',
                {},
                rows.map(([key, value]) =>
                    el('tr', { attrs: { 'data-row': key } }, [
                        el('th', { text: t(key), attrs: { scope: 'row' } }),
                        el('td', { class: 'side-white', text: value(players.white) }),
                        el('td', { class: 'side-black', text: value(players.black) }),
                    ]),
                ),
            ),
        );
    }
}

function statusText(s: GamePageState): string {
    const r = s.review;
    switch (r.kind) {
        case 'loading':
            return t('reviewLoading');
        case 'asking':
            return t('reviewAsking');
        case 'waiting':
            return r.status === 'queued' || r.progress.total === 0 ? t('reviewQueued') : t('reviewRunning', { done: r.progress.done, total: r.progress.total });
        case 'failed':
            return t('reviewFailed', { text: r.text });
        default:
            return '';
    }
}

/** "12… Nf6" for ply `ply` in the chosen letters; the start position's name for 0. */
function moveName(s: GamePageState, ply: number): string {
    const game = s.game;
    const move = game?.moves[ply - 1];
    if (!game || !move) return t('viewingStart');
    return `${moveNumberText(ply, numbering(game.initialFen))} ${convertSan(move.san, s.notation)}`;
}

function plyLabel(s: GamePageState, ply: number): string {
    const analysed = ply > 0 ? plyOf(analysisOf(s)!, ply) : undefined;
    const parts = [moveName(s, ply)];
    if (analysed?.judgement) parts.push(t(JudgementNames[analysed.judgement]));
    if (analysed?.eval) parts.push(t('reviewEvalLabel', { eval: evalText(analysed.eval) }));
    return parts.join(', ');
}

/** The comment under the move list: the engine on the move shown, or the mistake to learn from. */
export class ReviewComment {
    readonly el: HTMLElement;
    private readonly heading: HTMLElement;
    private readonly text: HTMLElement;
    private readonly line: HTMLElement;
    private readonly arrow: HTMLElement;
    private readonly verdict: HTMLElement;
    private readonly show: HTMLButtonElement;
    private readonly next: HTMLButtonElement;
    private readonly stop: HTMLButtonElement;

    constructor(ctrl: GameCtrl) {
        this.heading = el('h3', { class: 'comment-heading' });
        this.text = el('p', { class: 'comment-text' });
        this.line = el('p', { class: 'comment-line' });
        this.arrow = el('p', { class: 'comment-arrow' });
        this.verdict = el('p', { class: 'learn-verdict', attrs: { role: 'status' } });
        this.show = button(t('learnShowAnswer'), () => ctrl.learnShow(), 'learn-show');
        this.next = button(t('learnNext'), () => ctrl.learnNext(), 'primary learn-next');
        this.stop = button(t('learnStop'), () => ctrl.stopLearn(), 'learn-stop');
        this.el = el('section', { class: 'review-comment', attrs: { 'aria-live': 'polite' } }, [
            this.heading,
            this.text,
            this.verdict,
            this.line,
            this.arrow,
            el('div', { class: 'learn-buttons' }, [this.show, this.next, this.stop]),
        ]);
        this.el.hidden = true;
    }

    render(s: GamePageState): void {
        const analysis = analysisOf(s);
        this.el.hidden = analysis === null;
        if (!analysis) return;
        this.el.classList.toggle('learning', s.learn !== null);
        if (s.learn) this.renderLearn(s, analysis);
        else this.renderComment(s, analysis);
    }

    private set(heading: string, text: string, verdict: string, line: string, arrow: string): void {
        const put = (node: HTMLElement, value: string) => {
            node.textContent = value;
            node.hidden = value === '';
        };
        put(this.heading, heading);
        put(this.text, text);
        put(this.verdict, verdict);
        put(this.line, line);
        put(this.arrow, arrow);
    }

    private renderComment(s: GamePageState, analysis: Analysis): void {
        this.show.hidden = this.next.hidden = this.stop.hidden = true;
        this.el.removeAttribute('data-judgement');
        const ply = shownPly(s);
        const after = ply === 0 ? analysis.start : plyOf(analysis, ply + 1);
        const best = ply === 0 ? (analysis.start?.best ?? plyOf(analysis, 1)?.best) : after?.best;
        const arrow = best && s.game && !running(s.game) ? t('reviewBestArrow', { move: convertSan(best.san, s.notation) }) : '';
        if (ply === 0) {
            this.set(t('viewingStart'), t('reviewStartComment'), '', '', arrow);
            return;
        }
        const here = plyOf(analysis, ply);
        const judged = here?.judgement ?? null;
        if (judged) this.el.dataset.judgement = judged;
        const heading = judged ? `${moveName(s, ply)} ${t(JudgementNames[judged])}` : moveName(s, ply);
        const evaluation = here?.eval ? ` (${evalText(here.eval)})` : '';
        const text = judged ? (here?.text ?? '') : t('reviewGoodMove');
        const line = judged && here && here.pv.length > 0 ? t('reviewBestLine', { line: here.pv.map((m) => convertSan(m, s.notation)).join(' ') }) : '';
        this.set(heading + evaluation, text, '', line, arrow);
    }

    private renderLearn(s: GamePageState, analysis: Analysis): void {
        const learn = s.learn!;
        const ply = learnPly(s);
        this.el.dataset.judgement = '';
        const finished = learn.phase === 'done' || ply === null;
        this.stop.hidden = false;
        this.next.hidden = finished || !(learn.phase === 'solved' || learn.phase === 'shown' || learn.phase === 'refused' || learn.phase === 'failed');
        this.next.textContent = learn.index + 1 >= learn.plies.length ? t('learnFinish') : t('learnNext');
        this.show.hidden = finished || !(learn.phase === 'try' || learn.phase === 'refused' || learn.phase === 'checking');
        this.show.disabled = learn.phase === 'checking';
        if (finished) {
            this.set(t('learnHeading'), learn.plies.length === 0 ? t('learnNone') : t('learnDone'), '', '', '');
            return;
        }
        const here = plyOf(analysis, ply);
        const color: Color = moverOf(ply, s.game?.initialFen.split(' ')[1] === 'b');
        const heading = `${t('learnHeading')} · ${t('learnProgress', { n: learn.index + 1, total: learn.plies.length })}`;
        const task = t('learnTask', {
            move: moveName(s, ply),
            judgement: here?.judgement ? t(JudgementNames[here.judgement]) : '',
            color: t(color),
        });
        const best = here?.best ? convertSan(here.best.san, s.notation) : '';
        let verdict = '';
        let line = '';
        switch (learn.phase) {
            case 'loading':
                verdict = t('learnLoading');
                break;
            case 'checking':
                verdict = t('learnChecking');
                break;
            case 'solved':
                verdict = t('learnSolved', { move: learn.answer?.san ? convertSan(learn.answer.san, s.notation) : (learn.tried ?? '') });
                line = learn.answer?.text ?? (learn.answer?.best && learn.answer.best.uci !== learn.tried ? t('learnAnswer', { move: convertSan(learn.answer.best.san, s.notation) }) : '');
                break;
            case 'refused':
                verdict = learn.error ? t('learnFailed', { text: learn.error }) : `${t('learnRefused')} ${refusalReason(learn.answer)} ${t('learnTryAgain')}`.replace(/\s+/g, ' ').trim();
                break;
            case 'shown':
                verdict = t('learnAnswer', { move: best });
                line = here?.text ?? '';
                break;
            case 'failed':
                verdict = t('learnFailed', { text: learn.error ?? '' });
                break;
            default:
                break;
        }
        this.el.dataset.phase = learn.phase;
        this.set(heading, task, verdict, line, '');
    }
}
