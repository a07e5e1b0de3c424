// The rules guide (/regeln in German or gender-neutral German, /rules in English): the sections
// of rules_content.ts with their texts, diagrams, tables and exercise boards, a table of
// contents, and how many exercises are solved.
import { Chessground } from '@lichess-org/chessground';
import type { Key } from '@lichess-org/chessground/types';
import { analyseLink } from './analysis_link.js';
import { positionOf } from './analysis_tree.js';
import { button, el } from './dom.js';
import { ExerciseBoard } from './exercise_board.js';
import { type Lang, type MessageKey, htmlLang, t } from './i18n.js';
import type { Notation } from './notation.js';
import { type Block, Sections, exerciseBlocks } from './rules_content.js';
import { type RulesKey, rt } from './rules_i18n.js';
import { saveSolvedExercises, storedSolvedExercises } from './settings.js';

/** The language of the guide: the path's (/rules English, /regeln German), and for German the
 * gender-neutral form when that was chosen. */
export function rulesLang(pathLang: 'de' | 'en', chosen: Lang): Lang {
    if (pathLang === 'en') return 'en';
    return chosen === 'de-neutral' ? 'de-neutral' : 'de';
}

/** The guide's address in a language. */
export function rulesPath(lang: Lang): string {
    return lang === 'en' ? '/rules' : '/regeln';
}

export interface RulesPageOptions {
    readonly lang: Lang;
    readonly notation: () => Notation;
}

export class RulesPage {
    readonly el: HTMLElement;
    private readonly boards: ExerciseBoard[] = [];
    private readonly progress: HTMLElement;
    /** The exercises solved on this device, now or before (local storage). */
    private readonly solved = storedSolvedExercises();

    constructor(private readonly options: RulesPageOptions) {
        const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        const exercises = exerciseBlocks();
        this.progress = el('p', { class: 'rules-progress', attrs: { 'aria-live': 'polite' } });
        exercises.forEach((b, i) => {
            this.boards.push(
                new ExerciseBoard({
                    id: b.id,
                    task: b.task,
                    ...(b.claim ? { claim: b.claim } : {}),
                    notation: options.notation,
                    reducedMotion,
                    onSolved: () => this.countSolved(b.id),
                    onNext: () => this.boards[(i + 1) % this.boards.length]?.focus(),
                }),
            );
        });
        const boardsById = new Map(exercises.map((b, i) => [b.id, this.boards[i]!]));
        const toc = el(
            'nav',
            { class: 'rules-toc', attrs: { 'aria-label': rt('tocLabel') } },
            [el('h2', { text: rt('tocLabel') }), el('ol', {}, Sections.map((s) => el('li', {}, [el('a', { text: rt(s.title), attrs: { href: `#${s.id}` } })])))],
        );
        const sections = Sections.map((s) =>
            el('section', { class: 'rules-section', attrs: { id: s.id, 'aria-labelledby': `${s.id}-title` } }, [
                el('h2', { attrs: { id: `${s.id}-title` } }, [
                    rt(s.title),
                    s.articles ? el('span', { class: 'article-ref', text: ` (${rt('articleRef', { ref: s.articles })})` }) : null,
                ]),
                ...s.blocks.map((b) => this.block(b, boardsById)),
            ]),
        );
        this.el = el('div', { class: 'rules', attrs: { lang: htmlLang(options.lang) } }, [
            el('header', { class: 'rules-head' }, [
                el('h1', { text: rt('pageTitle') }),
                el('p', { text: rt('intro') }),
                el('div', { class: 'entry-row rules-progress-row' }, [this.progress, button(rt('exResetProgress'), () => this.resetProgress(), 'rules-reset')]),
            ]),
            toc,
            el('div', { class: 'rules-body' }, sections),
        ]);
        exercises.forEach((b, i) => this.boards[i]!.markSolvedBefore(this.solved.has(b.id)));
        this.showProgress();
        // Chessground keeps each board's place on the screen until a scroll or resize; text that
        // grows above a board (an answer, a loaded setup) moves it without either: tell them.
        new ResizeObserver(() => document.body.dispatchEvent(new Event('chessground.resize'))).observe(this.el);
    }

    /** Loads every exercise's position from the server. */
    async start(): Promise<void> {
        await Promise.all(this.boards.map((b) => b.load()));
    }

    private countSolved(id: string): void {
        this.solved.add(id);
        saveSolvedExercises(this.solved);
        this.showProgress();
    }

    private resetProgress(): void {
        this.solved.clear();
        saveSolvedExercises(this.solved);
        for (const b of this.boards) b.markSolvedBefore(false);
        this.showProgress();
    }

    private showProgress(): void {
        const done = exerciseBlocks().filter((b) => this.solved.has(b.id)).length;
        this.progress.textContent = rt('exProgress', { done, total: this.boards.length });
    }

    private block(b: Block, boards: ReadonlyMap<string, ExerciseBoard>): HTMLElement {
        switch (b.kind) {
            case 'text':
                return el('p', { text: rt(b.text) });
            case 'exercise':
                return boards.get(b.id)!.el;
            case 'diagram':
                return diagram(b.fen, b.caption, b.marks);
            case 'list':
                return el('ul', { class: 'rules-list' }, b.items.map((k) => el('li', { text: rt(k) })));
            case 'notation-table':
                return notationTable();
            case 'values-table':
                return valuesTable(this.options.lang);
        }
    }
}

/** A diagram's position with White to move when it is a legal one (a diagram may show pieces
 * alone to teach their moves): the analysis board opens it. */
function legalDiagram(fen: string): string | undefined {
    const full = fen.includes(' ') ? fen : `${fen} w - - 0 1`;
    return positionOf(full) ? full : undefined;
}

/** A board to look at, with squares marked. */
function diagram(fen: string, caption: RulesKey, marks: readonly string[]): HTMLElement {
    const host = el('div', { class: 'board' });
    const figure = el('figure', { class: 'diagram' }, [
        el('div', { class: 'board-frame', attrs: { role: 'img', 'aria-label': rt('diagramLabel', { caption: rt(caption) }) } }, [host]),
        el('figcaption', {}, [rt(caption), ' ', legalDiagram(fen) ? analyseLink(legalDiagram(fen)!) : null]),
    ]);
    Chessground(host, {
        fen,
        viewOnly: true,
        coordinates: true,
        drawable: { enabled: false },
        highlight: { custom: new Map(marks.map((s) => [s as Key, 'marked'])) },
    });
    return figure;
}

function table(head: readonly string[], rows: readonly (readonly string[])[], cls: string): HTMLElement {
    return el('table', { class: `rules-table ${cls}` }, [
        el('thead', {}, [el('tr', {}, head.map((h) => el('th', { text: h, attrs: { scope: 'col' } })))]),
        el('tbody', {}, rows.map((r) => el('tr', {}, r.map((c, i) => (i === 0 ? el('th', { text: c, attrs: { scope: 'row' } }) : el('td', { text: c })))))),
    ]);
}

function notationTable(): HTMLElement {
    const rows: [string, RulesKey, string][] = [
        ['x', 'notCapture', rt('notCaptureExample')],
        ['+', 'notCheck', rt('notCheckExample')],
        ['#', 'notMate', rt('notMateExample')],
        ['0-0', 'notShort', '0-0'],
        ['0-0-0', 'notLong', '0-0-0'],
        [rt('notPromotionSign'), 'notPromotion', rt('notPromotionExample')],
    ];
    return table(
        [rt('notationSymbol'), rt('notationMeaning'), rt('notationExample')],
        rows.map(([sign, meaning, example]) => [sign, rt(meaning), example]),
        'notation-table',
    );
}

function valuesTable(lang: Lang): HTMLElement {
    const number = new Intl.NumberFormat(htmlLang(lang), { maximumFractionDigits: 2 });
    const rows: [MessageKey, number, number][] = [
        ['pieceQueen', 9, 9.75],
        ['pieceRook', 5, 5],
        ['pieceBishop', 3, 3.25],
        ['pieceKnight', 3, 3.25],
        ['piecePawn', 1, 1],
    ];
    const body = rows.map(([piece, classic, kaufman]) => [t(piece), number.format(classic), number.format(kaufman)]);
    body.push([rt('valuesPair'), '–', `+${number.format(0.5)}`]);
    return table([rt('valuesPiece'), rt('valuesClassic'), rt('valuesKaufman')], body, 'values-table');
}
