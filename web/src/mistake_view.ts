// The panel of the trainer's "My mistakes", a pure view of its State (mistake_state.ts): what to
// do now (the move played in the game, to be bettered), the verdict and why, when the exercise
// comes back, retry / the answer / next, the counts, and a clear empty state with the time the
// next one is due and the ways to get some (play, review one's games).
import { button, el } from './dom.js';
import { currentLang, htmlLang, t } from './i18n.js';
import { type MistakeState, mistakeOver } from './mistake_state.js';
import { type Notation, convertSan } from './notation.js';

export interface MistakeActions {
    readonly retry: () => void;
    readonly answer: () => void;
    readonly next: () => void;
}

/** A time in the page's language: "2 Dec 2026, 16:40". */
export function formatDue(ms: number): string {
    return new Intl.DateTimeFormat(htmlLang(currentLang()), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** The sentence of the moment. */
export function mistakeStatusText(s: MistakeState, notation: Notation): string {
    const e = s.exercise;
    switch (s.phase) {
        case 'loading':
            return t('mistakeLoading');
        case 'play': {
            const move = convertSan(e?.played.san ?? '', notation);
            const color = t(e?.orientation === 'black' ? 'black' : 'white');
            return t(e?.judgement === 'blunder' ? 'mistakePlayedBlunder' : 'mistakePlayedMistake', { move, color });
        }
        case 'judging':
            return t('puzzleJudging');
        case 'refused':
            return t('mistakeRefused', {
                move: convertSan(s.tried?.san ?? '', notation),
                why: s.tried?.text || t('mistakeRefusedLoss', { loss: Math.round(s.tried?.loss ?? 0) }),
            });
        case 'solved':
            return s.tried?.text || t('puzzleSolved');
        case 'shown':
            return t('mistakeAnswerShown', { move: convertSan(s.answer?.san ?? '', notation) });
        case 'empty':
            if (!s.stats || s.stats.count === 0 || s.stats.nextDue === null) return t('mistakeEmptyNone');
            return t('mistakeEmptyLater', { time: formatDue(s.stats.nextDue) });
        case 'error':
            return s.error ?? '';
    }
}

/** When the exercise comes back, once a try or the answer has moved its schedule (or did not). */
function scheduleText(s: MistakeState): string | null {
    if (!s.exercise || (s.phase !== 'refused' && s.phase !== 'solved' && s.phase !== 'shown')) return null;
    if (s.tried && !s.tried.counted && s.phase !== 'shown') return t('mistakeNotCounted');
    return t('mistakeDueAgain', { time: formatDue(s.exercise.schedule.due) });
}

export function mistakePanelView(s: MistakeState, notation: Notation, actions: MistakeActions): HTMLElement {
    const parts: HTMLElement[] = [
        el('h2', { text: t('puzzleModeMistakes') }),
        el('p', { class: `puzzle-status mistake-status mistake-${s.phase}`, text: mistakeStatusText(s, notation), attrs: { 'data-phase': s.phase } }),
    ];
    const schedule = scheduleText(s);
    if (schedule) parts.push(el('p', { class: 'mistake-schedule', text: schedule }));
    if (s.error && s.phase !== 'error') parts.push(el('p', { class: 'puzzle-error', text: s.error }));
    const buttons: HTMLElement[] = [];
    if (s.phase === 'refused') buttons.push(button(t('puzzleRetry'), actions.retry, 'mistake-retry'));
    if (s.phase === 'play' || s.phase === 'refused') buttons.push(button(t('mistakeShowAnswer'), actions.answer, 'mistake-answer'));
    if (mistakeOver(s) || s.phase === 'error') buttons.push(button(t('mistakeNext'), actions.next, 'primary mistake-next'));
    parts.push(el('div', { class: 'puzzle-buttons' }, buttons));
    if (s.exercise && mistakeOver(s))
        parts.push(el('p', { class: 'mistake-game' }, [el('a', { text: t('mistakeGameLink'), attrs: { href: `/game/${s.exercise.game}` } })]));
    if (s.phase === 'empty')
        parts.push(
            el('p', { class: 'mistake-links' }, [
                el('a', { class: 'button-link', text: t('mistakePlayLink'), attrs: { href: '/' } }),
                ' ',
                el('a', { class: 'button-link', text: t('mistakeGamesLink'), attrs: { href: '/#my-games' } }),
            ]),
        );
    if (s.stats && s.stats.count > 0)
        parts.push(el('p', { class: 'mistake-counts', text: t('mistakeCounts', { count: s.stats.count, due: s.stats.due, solved: s.stats.solved }) }));
    parts.push(el('p', { class: 'mistake-about', text: t('mistakeAbout') }));
    return el('div', { class: 'puzzle-panel-inner mistake-panel' }, parts);
}
