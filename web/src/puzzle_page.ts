// The tactics trainer (/puzzles, /taktik): the board, and beside it the panel the pure view
// draws from the controller's State (puzzle_state.ts): what to do now, the verdict on a move and
// why, hint / retry / solution / next, the themes once the puzzle is over, the rating with its
// change and history graph, the counts and the streak; below, the filter (themes, difficulty) and
// the mode. "My mistakes" (mistake_state.ts, mistake_view.ts) is a mode of the same page with its
// own controller: the board shows its exercise, the panel its view. The page only forwards the
// board's moves and the buttons to the controller of the mode shown.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { announce } from './announce.js';
import { ApiError } from './api.js';
import { boardDests, castlingMove } from './castling.js';
import { button, el, uniqueId } from './dom.js';
import { type MessageKey, t } from './i18n.js';
import { type MistakeServer, httpMistakeServer } from './mistake_api.js';
import { MistakeController, type MistakeState } from './mistake_state.js';
import { mistakePanelView, mistakeStatusText } from './mistake_view.js';
import { type Notation, convertSan } from './notation.js';
import { PromotionChooser, promotionSuffix } from './promotion.js';
import { type PuzzleServer, httpPuzzleServer } from './puzzle_api.js';
import { type BoardMove, Difficulties, type Mode, PuzzleController, type PuzzleState, isOver } from './puzzle_state.js';
import { ratingGraph } from './rating_graph.js';

export interface PuzzlePageOptions {
    readonly notation: () => Notation;
    readonly server?: PuzzleServer;
    readonly mistakeServer?: MistakeServer;
    /** Opens in "My mistakes" (`/puzzles?mistakes`). */
    readonly mistakes?: boolean;
}

/** The message key of a theme id ("backRankMate" → themeBackRankMate), or null for one we do not name. */
export function themeKey(id: string): MessageKey | null {
    const key = `theme${id.charAt(0).toUpperCase()}${id.slice(1)}`;
    return Object.hasOwn(ThemeKeys, key) ? (key as MessageKey) : null;
}

// The themes the page names, in the order the filter lists them.
const ThemeOrder = [
    'mateIn1', 'mateIn2', 'mateIn3', 'mateIn4', 'mateIn5', 'mate', 'backRankMate', 'smotheredMate', 'doubleBishopMate',
    'anastasiaMate', 'arabianMate', 'bodenMate', 'dovetailMate', 'hookMate', 'fork', 'pin', 'skewer', 'discoveredAttack',
    'doubleCheck', 'hangingPiece', 'trappedPiece', 'sacrifice', 'attraction', 'deflection', 'intermezzo', 'xRayAttack',
    'capturingDefender', 'exposedKing', 'kingsideAttack', 'queensideAttack', 'promotion', 'underPromotion', 'advancedPawn',
    'enPassant', 'castling', 'defensiveMove', 'quietMove', 'zugzwang', 'advantage', 'crushing', 'equality', 'oneMove',
    'short', 'long', 'veryLong', 'opening', 'middlegame', 'endgame', 'pawnEndgame', 'knightEndgame', 'bishopEndgame',
    'rookEndgame', 'queenEndgame', 'queenRookEndgame', 'chess960',
] as const;
const ThemeKeys: Readonly<Record<string, true>> = Object.fromEntries(
    ThemeOrder.map((id) => [`theme${id.charAt(0).toUpperCase()}${id.slice(1)}`, true]),
);

export function themeName(id: string): string {
    const key = themeKey(id);
    return key ? t(key) : id;
}

const DifficultyNames: Readonly<Record<number, MessageKey>> = {
    [-600]: 'puzzleDifficultyEasiest',
    [-300]: 'puzzleDifficultyEasier',
    0: 'puzzleDifficultyNormal',
    300: 'puzzleDifficultyHarder',
    600: 'puzzleDifficultyHardest',
};

function describeError(e: unknown): string {
    if (e instanceof ApiError && e.status > 0) return e.message;
    return t('puzzleLoadFailed', { error: e instanceof Error ? e.message : String(e) });
}

/** The sentence of the moment: what to do, the verdict, or why not. */
export function statusText(s: PuzzleState, notation: Notation): string {
    const p = s.puzzle;
    switch (s.phase) {
        case 'loading':
            return t('puzzleLoading');
        case 'opening':
            return t('puzzleOpponentMoves');
        case 'play':
            if (s.hint) return t('puzzleHintText', { square: s.hint });
            if (s.ply > 1 && !s.failed) return t('puzzleGood');
            return p?.orientation === 'black' ? t('puzzleFindBlack') : t('puzzleFindWhite');
        case 'judging':
            return t('puzzleJudging');
        case 'reply':
            return t('puzzleGood');
        case 'wrong':
            return t('puzzleWrong', { move: convertSan(s.wrong?.san ?? '', notation), why: s.wrong?.text ?? '' });
        case 'solved':
            return s.failed ? t('puzzleSolvedAfterMistake') : t('puzzleSolved');
        case 'shown':
            return t('puzzleSolutionShown');
        case 'empty':
        case 'error':
            return s.error ?? '';
    }
}

/** The panel for a state (no event wiring but the buttons' handlers). */
export function panelView(s: PuzzleState, notation: Notation, actions: PanelActions): HTMLElement {
    const status = el('p', { class: `puzzle-status puzzle-${s.phase}`, text: statusText(s, notation), attrs: { 'data-phase': s.phase } });
    const parts: HTMLElement[] = [status];
    if (s.phase === 'wrong' && s.wrong && s.wrong.refutation.length > 0)
        parts.push(el('p', { class: 'puzzle-refutation', text: t('puzzleRefutation', { line: s.wrong.refutation.map((m) => convertSan(m, notation)).join(' ') }) }));
    if (s.error && s.phase !== 'error' && s.phase !== 'empty') parts.push(el('p', { class: 'puzzle-error', text: s.error }));
    const buttons: HTMLElement[] = [];
    if (s.phase === 'play') buttons.push(button(t('puzzleHint'), actions.hint, 'puzzle-hint'));
    if (s.phase === 'wrong' && s.mode === 'rated') buttons.push(button(t('puzzleRetry'), actions.retry, 'puzzle-retry'));
    if ((s.phase === 'play' || s.phase === 'wrong') && s.mode === 'rated') buttons.push(button(t('puzzleShowSolution'), actions.solution, 'puzzle-solution'));
    if (isOver(s) || s.phase === 'wrong' || s.phase === 'error') buttons.push(button(t('puzzleNext'), actions.next, 'puzzle-next'));
    parts.push(el('div', { class: 'puzzle-buttons' }, buttons));
    if (s.puzzle && isOver(s)) {
        parts.push(
            el('section', { class: 'puzzle-themes', attrs: { 'aria-label': t('puzzleThemesHeading') } }, [
                el('h2', { text: t('puzzleThemesHeading') }),
                el('ul', {}, s.puzzle.themes.map((id) => el('li', { text: themeName(id), attrs: { 'data-theme': id } }))),
                el('p', { class: 'puzzle-of-rating', text: t('puzzleOfRating', { rating: s.puzzle.rating }) }),
            ]),
        );
    }
    parts.push(ratingView(s));
    return el('div', { class: 'puzzle-panel-inner' }, parts);
}

export interface PanelActions {
    readonly hint: () => void;
    readonly retry: () => void;
    readonly solution: () => void;
    readonly next: () => void;
}

/** The rating, its last change, the counts, the streak and the history graph. */
export function ratingView(s: PuzzleState): HTMLElement {
    const p = s.player;
    const out = el('section', { class: 'puzzle-rating', attrs: { 'aria-label': t('puzzleRatingLabel') } });
    if (!p) return out;
    const rating = p.provisional ? t('puzzleRatingProvisional', { rating: p.rating }) : String(p.rating);
    const value = el('p', { class: 'puzzle-rating-value' }, [el('span', { text: `${t('puzzleRatingLabel')}: ` }), el('strong', { class: 'puzzle-rating-number', text: rating })]);
    if (s.delta !== null && s.delta !== 0)
        value.append(' ', el('span', { class: s.delta > 0 ? 'puzzle-delta up' : 'puzzle-delta down', text: t(s.delta > 0 ? 'puzzleDeltaUp' : 'puzzleDeltaDown', { delta: Math.abs(s.delta) }) }));
    out.append(value, el('p', { class: 'puzzle-counts', text: t('puzzleCounts', { solved: p.solved, failed: p.failed }) }));
    if (s.mode === 'streak') {
        out.append(el('p', { class: 'puzzle-streak', text: t('puzzleStreak', { n: s.streak, best: s.bestStreak }) }));
        if (s.streakOver) out.append(el('p', { class: 'puzzle-streak-over', text: t('puzzleStreakOver') }));
    }
    const ratings = p.history.map(([, r]) => r);
    out.append(el('h2', { text: t('puzzleHistoryHeading') }));
    if (ratings.length === 0) out.append(el('p', { class: 'puzzle-history-empty', text: t('puzzleHistoryEmpty') }));
    else
        out.append(
            ratingGraph(
                ratings,
                t('puzzleGraphLabel', { n: ratings.length, first: ratings[0]!, last: ratings[ratings.length - 1]!, low: Math.min(...ratings), high: Math.max(...ratings) }),
            ),
        );
    return out;
}

export class PuzzlePage {
    readonly el: HTMLElement;
    private readonly cg: Api;
    private readonly chooser = new PromotionChooser();
    private readonly panel: HTMLElement;
    private readonly controller: PuzzleController;
    private readonly mistakes: MistakeController;
    /** "My mistakes" is shown (else the puzzles of the rated or streak mode). */
    private mistakesMode: boolean;
    private puzzlesStarted = false;
    private readonly themeBoxes: HTMLElement;
    private readonly difficulty: HTMLSelectElement;
    private readonly collection: HTMLElement;
    private readonly intro: HTMLElement;
    private lastStatus = '';
    private statsShown = false;

    constructor(private readonly options: PuzzlePageOptions) {
        this.mistakesMode = options.mistakes === true;
        const host = el('div', { class: 'board', attrs: { role: 'img', 'aria-label': t('puzzleBoardLabel') } });
        const frame = el('div', { class: 'board-frame' }, [host, this.chooser.el]);
        this.panel = el('div', { class: 'puzzle-panel' });
        this.themeBoxes = el('div', { class: 'puzzle-theme-boxes' });
        const difficultyId = uniqueId('difficulty');
        this.difficulty = el('select', { attrs: { id: difficultyId, class: 'puzzle-difficulty' } });
        for (const d of Difficulties) this.difficulty.append(el('option', { text: t(DifficultyNames[d]!), attrs: { value: String(d) } }));
        this.difficulty.value = '0';
        this.collection = el('p', { class: 'puzzle-collection' });
        const main = el('div', { class: 'puzzle-main' }, [el('div', { class: 'puzzle-board' }, [frame, this.moveForm()]), this.panel]);
        const filter = el('form', { class: 'puzzle-filter' }, [
            el('h2', { text: t('puzzleFilterHeading') }),
            this.modeChoice(),
            el('fieldset', { class: 'puzzle-themes-choice' }, [el('legend', { text: t('puzzleThemesLabel') }), this.themeBoxes]),
            el('div', { class: 'puzzle-difficulty-row' }, [el('label', { text: t('puzzleDifficultyLabel'), attrs: { for: difficultyId } }), this.difficulty]),
            el('button', { class: 'puzzle-apply', text: t('puzzleApply'), attrs: { type: 'submit' } }),
            this.collection,
        ]);
        filter.addEventListener('submit', (ev) => {
            ev.preventDefault();
            // The new puzzle is above the form: the board comes into view with it.
            main.scrollIntoView?.({ block: 'start' });
            void this.controller.setFilter({ themes: this.chosenThemes(), difficulty: Number(this.difficulty.value) });
        });
        this.intro = el('p', { class: 'puzzle-intro', text: t(this.mistakesMode ? 'mistakeIntro' : 'puzzleIntro') });
        this.el = el('div', { class: 'puzzle-page' }, [el('h1', { text: t('puzzleTitle') }), this.intro, main, filter]);
        const reducedMotion = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        this.cg = Chessground(host, {
            coordinates: true,
            autoCastle: true,
            animation: { enabled: !reducedMotion, duration: 200 },
            movable: { free: false, color: undefined, showDests: true, events: { after: (orig, dest) => void this.afterMove(orig, dest) } },
            premovable: { enabled: false },
            draggable: { enabled: true, showGhost: true },
            highlight: { lastMove: true, check: true },
            drawable: { enabled: false, visible: false },
        });
        this.controller = new PuzzleController({
            server: options.server ?? httpPuzzleServer,
            wait: (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion ? 0 : ms)),
            onChange: (s) => {
                if (!this.mistakesMode) this.render(s);
            },
            describeError,
        });
        this.mistakes = new MistakeController({
            server: options.mistakeServer ?? httpMistakeServer,
            onChange: (s) => {
                if (this.mistakesMode) this.renderMistakes(s);
            },
            describeError,
        });
        this.el.classList.toggle('puzzle-mistakes-mode', this.mistakesMode);
    }

    start(): Promise<void> {
        if (this.mistakesMode) return this.mistakes.next();
        this.puzzlesStarted = true;
        return this.controller.start();
    }

    refresh(): void {
        if (this.mistakesMode) this.renderMistakes(this.mistakes.state);
        else this.render(this.controller.state);
    }

    /** The mode chosen: "My mistakes", or the puzzles rated or in a streak. */
    private async chooseMode(mode: Mode | 'mistakes'): Promise<void> {
        const mistakes = mode === 'mistakes';
        this.mistakesMode = mistakes;
        this.el.classList.toggle('puzzle-mistakes-mode', mistakes);
        this.intro.textContent = t(mistakes ? 'mistakeIntro' : 'puzzleIntro');
        window.history?.replaceState?.(null, '', `${window.location.pathname}${mistakes ? '?mistakes' : ''}`);
        if (mistakes) {
            await this.mistakes.next();
            return;
        }
        if (!this.puzzlesStarted) {
            this.puzzlesStarted = true;
            await this.controller.start();
            if (mode !== 'rated') await this.controller.setMode(mode);
            return;
        }
        this.render(this.controller.state);
        await this.controller.setMode(mode);
    }

    /** A move from the board or the move field, to the controller of the mode shown. */
    private play(move: BoardMove): Promise<void> {
        return this.mistakesMode ? this.mistakes.play(move) : this.controller.play(move);
    }

    /** The move typed (for the keyboard and screen readers): from and to square in UCI. */
    private moveForm(): HTMLElement {
        const id = uniqueId('puzzle-move');
        const input = el('input', { class: 'puzzle-move-input', attrs: { id, type: 'text', autocomplete: 'off', spellcheck: 'false' } });
        const form = el('form', { class: 'puzzle-move' }, [
            el('label', { text: t('puzzleMoveLabel'), attrs: { for: id } }),
            el('div', { class: 'entry-row' }, [input, el('button', { text: t('puzzleMovePlay'), attrs: { type: 'submit' } })]),
        ]);
        form.addEventListener('submit', (ev) => {
            ev.preventDefault();
            const text = input.value.trim().toLowerCase();
            if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text)) {
                announce(t('puzzleMoveBad'));
                input.setAttribute('aria-invalid', 'true');
                return;
            }
            input.removeAttribute('aria-invalid');
            input.value = '';
            void this.play({ uci: text, alternatives: [] });
        });
        return form;
    }

    private modeChoice(): HTMLElement {
        const name = uniqueId('mode');
        const choice = (mode: Mode | 'mistakes', label: MessageKey) => {
            const id = uniqueId('mode');
            const input = el('input', { attrs: { type: 'radio', name, id, value: mode, class: `puzzle-mode-${mode}` } });
            input.checked = this.mistakesMode ? mode === 'mistakes' : mode === 'rated';
            input.addEventListener('change', () => {
                if (input.checked) void this.chooseMode(mode);
            });
            return el('div', { class: 'puzzle-mode' }, [input, el('label', { text: t(label), attrs: { for: id } })]);
        };
        return el('fieldset', { class: 'puzzle-modes' }, [
            el('legend', { text: t('puzzleModeLabel') }),
            choice('rated', 'puzzleModeRated'),
            choice('streak', 'puzzleModeStreak'),
            choice('mistakes', 'puzzleModeMistakes'),
        ]);
    }

    private chosenThemes(): string[] {
        return [...this.themeBoxes.querySelectorAll<HTMLInputElement>('input:checked')].map((b) => b.value);
    }

    private showStats(s: PuzzleState): void {
        if (this.statsShown || !s.stats) return;
        this.statsShown = true;
        this.collection.textContent = t('puzzleCollection', { count: s.stats.count });
        for (const id of ThemeOrder) {
            const n = s.stats.themes[id];
            if (!n) continue;
            const boxId = uniqueId('theme');
            this.themeBoxes.append(
                el('div', { class: 'puzzle-theme-box' }, [
                    el('input', { attrs: { type: 'checkbox', id: boxId, value: id, 'data-theme': id } }),
                    el('label', { text: `${themeName(id)} (${n})`, attrs: { for: boxId } }),
                ]),
            );
        }
    }

    private render(s: PuzzleState): void {
        this.showStats(s);
        const notation = this.options.notation();
        this.panel.replaceChildren(
            panelView(s, notation, {
                hint: () => this.controller.hint(),
                retry: () => this.controller.retry(),
                solution: () => void this.controller.showSolution(),
                next: () => void this.controller.next(),
            }),
        );
        this.announceStatus(statusText(s, notation));
        this.showBoard(s.board, s.puzzle?.orientation ?? 'white', s.phase === 'play', s.hint);
        this.el.classList.toggle('puzzle-over', isOver(s));
    }

    private renderMistakes(s: MistakeState): void {
        const notation = this.options.notation();
        this.panel.replaceChildren(
            mistakePanelView(s, notation, {
                retry: () => this.mistakes.retry(),
                answer: () => void this.mistakes.showAnswer(),
                next: () => void this.mistakes.next(),
            }),
        );
        this.announceStatus(mistakeStatusText(s, notation));
        // Nothing to practise: the start position, nobody to move (not the last exercise's board).
        if (!s.board && (s.phase === 'empty' || s.phase === 'error'))
            this.cg.set({ fen: 'start', orientation: 'white', lastMove: undefined, check: false, movable: { color: undefined, dests: new Map() }, highlight: { custom: new Map() } });
        this.showBoard(s.board, s.exercise?.orientation ?? 'white', s.phase === 'play', null);
        this.el.classList.toggle('puzzle-over', s.phase === 'solved' || s.phase === 'shown');
    }

    private announceStatus(text: string): void {
        if (text === this.lastStatus) return;
        this.lastStatus = text;
        announce(text);
    }

    private showBoard(b: PuzzleState['board'], orientation: 'white' | 'black', canMove: boolean, hint: string | null): void {
        if (!b) return;
        this.cg.set({
            fen: b.fen,
            orientation,
            turnColor: b.turn,
            lastMove: (b.lastMove ?? undefined) as Key[] | undefined,
            check: b.check !== null,
            movable: { color: canMove ? orientation : undefined, dests: canMove ? (boardDests(b.dests, b.castling) as Map<Key, Key[]>) : new Map() },
            highlight: { lastMove: true, check: true, custom: new Map(hint ? [[hint as Key, 'puzzle-hint-square']] : []) },
        });
    }

    private async afterMove(orig: Key, dest: Key): Promise<void> {
        const m = this.mistakes.state;
        const s = this.controller.state;
        const b = this.mistakesMode ? m.board : s.board;
        if (!b || (this.mistakesMode ? m.phase : s.phase) !== 'play') return;
        const castle = castlingMove(orig, dest, b.dests, b.castling);
        if (castle) {
            await this.play({ uci: castle.uci, alternatives: [castle.king + castle.kingTo] });
            return;
        }
        const orientation = (this.mistakesMode ? m.exercise?.orientation : s.puzzle?.orientation) ?? 'white';
        const suffix = await promotionSuffix(this.cg, this.chooser, dest, orientation);
        if (suffix === null) {
            this.refresh();
            return;
        }
        await this.play({ uci: orig + dest + suffix, alternatives: [] });
    }
}
