// The game page drawn from its state: `render(state)` shows exactly what `GamePageState` holds
// (and nothing it remembers of its own), so drawing the same state twice changes nothing. The
// parts (board, clocks, move list, field, buttons, coach) are made once, in the language of the
// moment; a new language makes a new view (game_page.ts), drawn from the same state.
import { GameAnalysisLink } from './analysis_link.js';
import { ClockView } from './clock_view.js';
import { CoachPanel } from './coach_panel.js';
import { Controls } from './controls.js';
import { button, el } from './dom.js';
import { FirstMoveView } from './first_move_view.js';
import { type GameCtrl, type GamePageState, analysisOf, boardOf, playerName, running, seatText, shownPly, statusLine } from './game_ctrl.js';
import { GameView } from './game_view.js';
import { type Lang, currentLang, t } from './i18n.js';
import { MoveEntry } from './move_entry.js';
import { type MoveNote, MoveList } from './move_list.js';
import { parseTypedMove } from './move_parse.js';
import { type Color, otherColor } from './protocol.js';
import { type Analysis, JudgementGlyph, evalText } from './review_protocol.js';
import { JudgementNames, ReviewComment, ReviewPanel } from './review_view.js';

/** The analysis's signs and evaluations for the move list, by ply. */
function moveNotes(analysis: Analysis | null): ReadonlyMap<number, MoveNote> {
    const notes = new Map<number, MoveNote>();
    for (const p of analysis?.plies ?? []) {
        notes.set(p.ply, {
            glyph: p.judgement ? JudgementGlyph[p.judgement] : '',
            judgement: p.judgement ? t(JudgementNames[p.judgement]) : '',
            judgementClass: p.judgement ? `j-${p.judgement}` : '',
            eval: evalText(p.eval),
        });
    }
    return notes;
}

export interface GamePageViewOptions {
    readonly pgnUrl: string;
    readonly reducedMotion: boolean;
}

export class GamePageView {
    readonly el: HTMLElement;
    /** The language this view's words are in. */
    readonly lang: Lang = currentLang();
    private readonly board: GameView;
    private readonly clocks: Record<Color, ClockView>;
    private readonly firstMove = new FirstMoveView();
    private readonly moves: MoveList;
    private readonly entry: MoveEntry;
    private readonly controls: Controls;
    private readonly coach: CoachPanel;
    private readonly status: HTMLElement;
    private readonly seat: HTMLElement;
    private readonly line: HTMLElement;
    private readonly notice: HTMLElement;
    private readonly back: HTMLButtonElement;
    private readonly missing: HTMLElement;
    private readonly analyse: GameAnalysisLink;
    private readonly review: ReviewPanel;
    private readonly comment: ReviewComment;
    private notesOf: Analysis | null = null;
    private notes: ReadonlyMap<number, MoveNote> = new Map();

    constructor(ctrl: GameCtrl, options: GamePageViewOptions) {
        const id = ctrl.state.id;
        this.board = new GameView((uci) => ctrl.boardMove(uci), options.reducedMotion);
        const onLow = (c: Color) => ctrl.lowTime(c);
        this.clocks = { white: new ClockView('white', onLow), black: new ClockView('black', onLow) };
        this.moves = new MoveList(
            (ply) => ctrl.showPly(ply),
            (step) => ctrl.step(step),
        );
        this.entry = new MoveEntry(
            () => ctrl.submitTyped(),
            (text) => ctrl.setTyped(text),
        );
        this.controls = new Controls(
            {
                send: (m) => ctrl.send(m),
                claim: (kind) => ctrl.claim(kind),
                flip: () => ctrl.flip(),
                copyPgn: () => void ctrl.copyPgn(),
                copyFen: () => void ctrl.copyFen(),
                askResign: () => ctrl.askResign(),
                cancelResign: () => ctrl.cancelResign(),
            },
            options.pgnUrl,
            id,
        );
        this.coach = new CoachPanel(id);
        this.review = new ReviewPanel(ctrl);
        this.comment = new ReviewComment(ctrl);
        this.seat = el('p', { class: 'seat' });
        this.line = el('p', { class: 'line' });
        this.notice = el('p', { class: 'notice' });
        this.back = button(t('backToGame'), () => ctrl.showPly(Number.MAX_SAFE_INTEGER), 'back-to-game');
        this.analyse = new GameAnalysisLink(id);
        this.status = el('div', { class: 'status' }, [this.seat, this.line, this.firstMove.el, this.back, this.analyse.el, this.notice]);
        this.missing = el('p', { class: 'page-error', text: t('gameNotFound', { id }) });
        this.el = el('div', { class: 'game' }, [
            this.status,
            this.clocks.black.el,
            this.board.el,
            this.clocks.white.el,
            this.moves.el,
            this.comment.el,
            this.coach.el,
            this.entry.el,
            this.controls.el,
            this.review.el,
        ]);
    }

    /** Whether the last state drawn was learning from the mistakes. */
    private learning = false;

    render(s: GamePageState): void {
        this.notice.hidden = s.notice === null;
        this.notice.textContent = s.notice ? t(s.notice.key, s.notice.params) : '';
        this.el.classList.toggle('offline', s.connection === 'reconnecting');
        this.line.textContent = statusLine(s);
        if (s.missing) {
            this.el.replaceChildren(this.missing);
            return;
        }
        const game = s.game;
        const board = boardOf(s);
        if (!game || !board) return;
        this.board.render(board, s.learn ? '' : (s.refusal?.text ?? ''));
        const top = otherColor(s.orientation);
        for (const color of ['white', 'black'] as const) {
            const view = this.clocks[color];
            view.setName(playerName(game.players[color], game), running(game) && game.turn === color);
            view.el.classList.toggle('top', color === top);
            view.el.classList.toggle('bottom', color !== top);
            view.setClock(game.clock, s.clockSince);
        }
        this.firstMove.set(running(game) ? game.firstMove : null, s.clockSince);
        this.seat.textContent = seatText(game);
        const analysis = analysisOf(s);
        if (analysis !== this.notesOf) {
            this.notesOf = analysis;
            this.notes = moveNotes(analysis);
        }
        this.moves.render(game.moves, game.initialFen, s.notation, shownPly(s), this.notes);
        const message = s.entryMessage ? t(s.entryMessage.key, s.entryMessage.params) : '';
        this.entry.render(running(game) && game.you !== null, s.typed, s.typedInvalid, message);
        this.controls.render(game, s.watching, parseTypedMove(s.typed) !== null, s.confirmingResign);
        this.coach.update(game, s.watching);
        // Once the engine's review is there, it says more than the opening tips.
        if (analysisOf(s) !== null) this.coach.el.hidden = true;
        this.review.render(s);
        this.comment.render(s);
        // The button is below the board: bring the board and the task into view.
        if (s.learn !== null && !this.learning) this.el.scrollIntoView({ block: 'start' });
        this.learning = s.learn !== null;
        this.el.classList.toggle('has-review', !this.review.el.hidden);
        this.back.hidden = s.viewPly === null || s.learn !== null;
        this.analyse.update(shownPly(s), game.status === 'over' || game.status === 'aborted');
        document.title = `${t('gameListEntry', { white: playerName(game.players.white, game), black: playerName(game.players.black, game) })} · ${t('appTitle')}`;
    }

    /** Redraws the clocks for `now` (between states). */
    tick(now: number): void {
        this.clocks.white.tick(now);
        this.clocks.black.tick(now);
        this.firstMove.tick(now);
    }
}
