// The game page's one state and its controller. `GamePageState` is everything the page shows;
// the reducers below are pure (state in, state out) and `GameCtrl` runs the page's actions on
// them: it holds the current state, talks to the server through injected ports and asks the view
// to draw again. No DOM here: the whole controller runs in unit tests with fakes
// (test/game_ctrl.test.ts); `game_page_view.ts` draws a state, nothing else.
import type { ConnectionStatus } from './connection.js';
import { applyEvent, isMyTurn, plyView } from './game_state.js';
import { type Lang, type MessageKey, type Params, t } from './i18n.js';
import { moveNumberText, numbering } from './move_list.js';
import { type TypedMove, parseTypedMove } from './move_parse.js';
import { announceMove } from './move_speech.js';
import { type Notation, convertSan } from './notation.js';
import { offerText } from './offers.js';
import {
    type Analysis,
    type AnalysisEvent,
    type Progress,
    type TryAnswer,
    bestAfter,
    mistakesOf,
    moverOf,
    plyOf,
} from './review_protocol.js';
import { refusalReason } from './review_words.js';
import type { PositionMoves } from './tools_api.js';
import {
    type Castling,
    type ClaimKind,
    type ClientMessage,
    type Color,
    type Dests,
    type GameState,
    type MoveText,
    type Player,
    type Reply,
    type Square,
    type VersionedEvent,
    fenTurn,
    otherColor,
} from './protocol.js';

export type Step = 'first' | 'previous' | 'next' | 'last';
export type SoundName = 'move' | 'capture' | 'check' | 'lowTime' | 'end';

/** A sentence shown above the board: a key of the page's catalogue (drawn in the language of the
 * moment) and its parameters. */
export interface Notice {
    readonly key: MessageKey;
    readonly params?: Params;
}

/** A move the server refused: its reason (in the connection's language) and the squares it names. */
export interface ShownRefusal {
    readonly text: string;
    readonly squares: readonly Square[];
}

export interface GamePageState {
    readonly id: string;
    /** /watch/{id}: no seat, whatever cookies the browser has. */
    readonly watching: boolean;
    readonly lang: Lang;
    readonly notation: Notation;
    /** The page's copy of the game (`null` until the first state). */
    readonly game: GameState | null;
    /** The server says there is no such game. */
    readonly missing: boolean;
    /** The ply shown while looking at an earlier position; `null`: the live position. */
    readonly viewPly: number | null;
    readonly orientation: Color;
    /** The user turned the board: it no longer follows the seat. */
    readonly orientationChosen: boolean;
    /** The ply a move of ours was sent at, until the server's answer: no second move meanwhile. */
    readonly sentAt: number | null;
    readonly connection: ConnectionStatus;
    readonly notice: Notice | null;
    /** The text in the move field. */
    readonly typed: string;
    readonly entryMessage: Notice | null;
    readonly typedInvalid: boolean;
    readonly refusal: ShownRefusal | null;
    /** Counts the times the board must put its pieces back where the state has them. */
    readonly snapBacks: number;
    /** The resign button asks "really?" */
    readonly confirmingResign: boolean;
    /** When the last clock arrived, on the page's clock (see `eventTime`). */
    readonly clockSince: number;
    /** The computer analysis of the finished game. */
    readonly review: ReviewState;
    /** "Learn from your mistakes", while the player walks through them. */
    readonly learn: LearnState | null;
    /** Start "learn from your mistakes" as soon as the analysis is there (`?learn` in the address). */
    readonly learnWanted: boolean;
}

export type ReviewState =
    /** Not looked for yet (the game is not over, or the answer is on its way). */
    | { readonly kind: 'unknown' }
    | { readonly kind: 'loading' }
    /** None asked for: the button. */
    | { readonly kind: 'none' }
    | { readonly kind: 'asking' }
    | { readonly kind: 'waiting'; readonly status: 'queued' | 'running'; readonly progress: Progress }
    | { readonly kind: 'done'; readonly analysis: Analysis }
    /** The server's reason (a limit, a game not finished, the network). */
    | { readonly kind: 'failed'; readonly text: string };

export type LearnPhase = 'loading' | 'try' | 'checking' | 'solved' | 'refused' | 'shown' | 'done' | 'failed';

export interface LearnState {
    /** The plies of the player's mistakes and blunders, in order. */
    readonly plies: readonly number[];
    readonly index: number;
    readonly phase: LearnPhase;
    /** The position before the mistake, with its legal moves (from the server). */
    readonly position: PositionMoves | null;
    /** The move tried last (UCI) and the engine's verdict on it. */
    readonly tried: string | null;
    readonly answer: TryAnswer | null;
    /** Why a try or the position could not be had (the network, the server). */
    readonly error: string | null;
}

export function initialState(init: {
    readonly id: string;
    readonly watching: boolean;
    readonly lang: Lang;
    readonly notation: Notation;
    readonly notice?: Notice | null;
    readonly learn?: boolean;
}): GamePageState {
    return {
        id: init.id,
        watching: init.watching,
        lang: init.lang,
        notation: init.notation,
        game: null,
        missing: false,
        viewPly: null,
        orientation: 'white',
        orientationChosen: false,
        sentAt: null,
        connection: 'connecting',
        notice: init.notice ?? null,
        typed: '',
        entryMessage: null,
        typedInvalid: false,
        refusal: null,
        snapBacks: 0,
        confirmingResign: false,
        clockSince: 0,
        review: { kind: 'unknown' },
        learn: null,
        learnWanted: init.learn ?? false,
    };
}

// ---- Pure reducers and selectors ----------------------------------------------------------------

export const running = (g: GameState): boolean => g.status === 'started' || g.status === 'created';

/** The state after a versioned event of the game (unchanged when the event does not apply). */
export function withEvent(s: GamePageState, event: VersionedEvent): GamePageState {
    const next = applyEvent(s.game, event);
    if (!next) return s;
    const game = s.watching ? { ...next, you: null } : next;
    const settled = s.sentAt !== null && (game.ply > s.sentAt || event.t === 'state' || event.t === 'takeback');
    // A state (a reconnect, a new language) keeps the earlier position shown while the moves up
    // to it are the same; a takeback, or moves that differ, go back to the live position.
    const keptView = event.t === 'state' && s.viewPly !== null && s.viewPly < game.ply && sameMoves(s.game, game, s.viewPly);
    const resetView = (event.t === 'state' && !keptView) || event.t === 'takeback' || (s.viewPly !== null && s.viewPly > game.ply);
    return {
        ...s,
        game,
        sentAt: settled ? null : s.sentAt,
        orientation: s.orientationChosen ? s.orientation : game.you === 'black' ? 'black' : 'white',
        viewPly: resetView ? null : s.viewPly,
        refusal: event.t === 'move' ? null : s.refusal,
        entryMessage: event.t === 'move' ? null : s.entryMessage,
        confirmingResign: s.confirmingResign && running(game),
    };
}

/** Do both copies of the game have the same first `plies` moves? */
function sameMoves(a: GameState | null, b: GameState, plies: number): boolean {
    if (!a || a.moves.length < plies || b.moves.length < plies) return false;
    for (let i = 0; i < plies; ++i) if (a.moves[i]!.uci !== b.moves[i]!.uci) return false;
    return true;
}

/** Shows the position after `ply` moves (the live one from the last ply on). */
export function withPly(s: GamePageState, ply: number): GamePageState {
    const game = s.game;
    if (!game) return s;
    return { ...s, viewPly: ply >= game.ply ? null : Math.max(0, ply) };
}

/** The ply shown on the board. */
export function shownPly(s: GamePageState): number {
    return s.viewPly ?? s.game?.ply ?? 0;
}

export function stepTarget(s: GamePageState, step: Step): number {
    const shown = shownPly(s);
    return { first: 0, previous: shown - 1, next: shown + 1, last: s.game?.ply ?? 0 }[step];
}

export function flipped(s: GamePageState): GamePageState {
    return { ...s, orientationChosen: true, orientation: otherColor(s.orientation) };
}

/** Our turn, and no move of ours still on its way. */
export function canMove(s: GamePageState): boolean {
    return s.game !== null && isMyTurn(s.game) && s.sentAt === null;
}

/** The colour(s) the user may move and premove for now; `null` for none. */
export function movableColor(s: GamePageState): Color | 'both' | null {
    const g = s.game;
    return g && running(g) && g.you !== null && s.sentAt === null ? g.you : null;
}

/** What the board shows: a position, who may move there and how. */
export interface BoardInput {
    readonly fen: string;
    readonly orientation: Color;
    readonly lastMove: readonly [Square, Square] | null;
    readonly check: boolean;
    /** The colour(s) that may move or premove on this board now (`null`: nobody). */
    readonly movable: Color | 'both' | null;
    readonly dests: Dests | null;
    readonly castling: Castling;
    readonly premove: boolean;
    readonly refused: readonly Square[];
    readonly arrows: readonly Arrow[];
    /** Changes when the pieces must go back where the state has them (a refused move). */
    readonly snapBacks: number;
}

export interface Arrow {
    readonly orig: Square;
    readonly dest: Square;
    readonly brush: 'green' | 'red' | 'blue' | 'yellow';
}

/** The board of the game: the live position, or an earlier one read-only. */
export function gameBoard(s: GamePageState, arrows: readonly Arrow[] = []): BoardInput | null {
    const g = s.game;
    if (!g) return null;
    const viewing = s.viewPly === null ? null : plyView(g, s.viewPly);
    const fen = viewing?.fen ?? g.fen;
    const movable = viewing === null ? movableColor(s) : null;
    const canMoveNow = movable !== null && (movable === 'both' || movable === fenTurn(fen));
    return {
        fen,
        orientation: s.orientation,
        lastMove: viewing ? viewing.lastMove : g.lastMove,
        check: viewing ? viewing.check : g.check !== null,
        movable,
        dests: canMoveNow ? g.dests : null,
        castling: canMoveNow ? g.castling : {},
        premove: movable !== null && movable !== 'both',
        refused: s.refusal?.squares ?? [],
        arrows,
        snapBacks: s.snapBacks,
    };
}

/** The analysis, when it is there. */
export function analysisOf(s: GamePageState): Analysis | null {
    return s.review.kind === 'done' ? s.review.analysis : null;
}

/** The colours whose mistakes this page may walk through: the seat's (both at one device). */
export function learnerColors(s: GamePageState): Color[] {
    const you = s.watching ? null : (s.game?.you ?? null);
    if (you === null) return [];
    return you === 'both' ? ['white', 'black'] : [you];
}

const blackFirst = (g: GameState): boolean => g.initialFen.split(' ')[1] === 'b';

/** The mistake being worked on: its ply and the analysis of it. */
export function learnPly(s: GamePageState): number | null {
    const l = s.learn;
    return l && l.index < l.plies.length ? l.plies[l.index]! : null;
}

/** The board while learning: the position before the mistake, the learner to move. */
export function learnBoard(s: GamePageState): BoardInput | null {
    const g = s.game;
    const l = s.learn;
    const ply = learnPly(s);
    if (!g || !l || ply === null) return null;
    const before = plyView(g, ply - 1);
    const mover = moverOf(ply, blackFirst(g));
    const playing = l.position !== null && (l.phase === 'try' || l.phase === 'refused');
    const analysed = analysisOf(s) ? plyOf(analysisOf(s)!, ply) : undefined;
    const arrows: Arrow[] = [];
    if ((l.phase === 'shown' || l.phase === 'solved') && analysed?.best) arrows.push(arrowOf(analysed.best.uci, 'green'));
    if (l.phase === 'refused' && l.tried) arrows.push(arrowOf(l.tried, 'red'));
    return {
        fen: l.position?.fen ?? before.fen,
        orientation: mover,
        lastMove: before.lastMove,
        check: l.position ? l.position.check !== null : before.check,
        movable: playing ? mover : null,
        dests: playing ? l.position!.dests : null,
        castling: playing ? l.position!.castling : {},
        premove: false,
        refused: [],
        arrows,
        snapBacks: s.snapBacks,
    };
}

function arrowOf(uci: string, brush: Arrow['brush']): Arrow {
    return { orig: uci.slice(0, 2), dest: uci.slice(2, 4), brush };
}

/** What the board shows: the mistake being learned from, or the game with the engine's best
 * move as an arrow once the analysis is there. */
export function boardOf(s: GamePageState): BoardInput | null {
    if (s.learn && learnPly(s) !== null) return learnBoard(s);
    const analysis = analysisOf(s);
    const best = analysis && s.game && !running(s.game) ? bestAfter(analysis, shownPly(s)) : null;
    return gameBoard(s, best ? [arrowOf(best.uci, 'green')] : []);
}

export function playerName(player: Player, game: GameState): string {
    if (player.kind === 'engine') return t('computerName', { level: game.level ?? '?' });
    if (!player.joined) return t('waitingForPlayer');
    return player.name.trim() || t('anonymous');
}

export function seatText(game: GameState): string {
    if (game.you === null) return t('youWatch');
    if (game.you === 'both') return t('youPlayBoth');
    return t('youPlay', { color: t(game.you) });
}

/** "Looking at 12… Nf6" in the chosen letters. */
export function viewingText(game: GameState, ply: number, notation: Notation): string {
    const move = game.moves[ply - 1];
    if (ply <= 0 || !move) return t('viewingStart');
    const number = moveNumberText(ply, numbering(game.initialFen));
    return t('viewingPly', { move: `${number} ${convertSan(move.san, notation)}` });
}

/** The line under the seat: whose turn or which position is shown, and the connection. */
export function statusLine(s: GamePageState): string {
    const g = s.game;
    const parts: string[] = [];
    if (g && s.learn) parts.push(t('learnHeading'));
    else if (g && s.viewPly !== null) parts.push(viewingText(g, s.viewPly, s.notation));
    else if (g && running(g)) parts.push(t('turnOf', { color: t(g.turn) }));
    if (s.connection === 'connecting') parts.push(t('connecting'));
    if (s.connection === 'reconnecting') parts.push(t('reconnecting'));
    return parts.join(' ');
}

const moveText = (m: TypedMove): MoveText => (m.kind === 'uci' ? { uci: m.uci } : { san: m.san });

// ---- The controller -----------------------------------------------------------------------------

/** What the controller needs from the world: the connection, sounds, the live region, time. */
export interface GamePorts {
    sendMove(ply: number, move: MoveText): void;
    /** `false` when the line is down. */
    send(message: ClientMessage): boolean;
    /** Asks the server for the whole state again (after a change of language: its texts). */
    reloadState(): void;
    play(sound: SoundName): void;
    unlockSound(): void;
    announce(text: string): void;
    /** The page's clock for a clock that just arrived (the time it was made, see `eventTime`). */
    eventTime(): number;
    now(): number;
    /** Switches the page's words to `lang` (the catalogue, the `lang` cookie). */
    useLang(lang: Lang): void;
    copy(text: string): Promise<boolean>;
    fetchPgn(): Promise<string>;
    /** Opens the rematch: takes the seat there (players) and goes to its page. */
    goToRematch(id: string, asPlayer: boolean): void;
    readonly review: ReviewPorts;
}

/** The analysis API of the game (api.ts); errors are thrown with the server's text as message. */
export interface ReviewPorts {
    /** `null`: none asked for yet. */
    fetch(): Promise<Analysis | null>;
    request(): Promise<AnalysisEvent>;
    tryMove(ply: number, uci: string): Promise<TryAnswer>;
    position(fen: string, chess960: boolean): Promise<PositionMoves>;
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The low-time sound plays at most this often. */
export const LowTimeSoundGap = 20_000;

export class GameCtrl {
    private current: GamePageState;
    private lastLowSound = -Infinity;

    constructor(
        initial: GamePageState,
        private readonly ports: GamePorts,
        private readonly redraw: (s: GamePageState) => void,
    ) {
        this.current = initial;
    }

    get state(): GamePageState {
        return this.current;
    }

    protected set(next: GamePageState): void {
        if (next === this.current) return;
        this.current = next;
        this.redraw(next);
    }

    // ---- Server → page ------------------------------------------------------------------------

    onEvent(event: VersionedEvent): void {
        const before = this.current;
        let next = withEvent(before, event);
        if (next === before) return;
        if (event.t !== 'offer' && event.t !== 'rematch') next = { ...next, clockSince: this.ports.eventTime() };
        this.set(next);
        if (event.t !== 'state') this.react(before.game, event);
        if (event.t === 'rematch') this.ports.goToRematch(event.d.id, !next.watching && next.game?.you !== null);
        if (next.game?.status === 'over' && this.current.review.kind === 'unknown') void this.loadReview();
    }

    /** The game does not exist. */
    onMissing(): void {
        this.set({ ...this.current, missing: true });
    }

    /** Sounds and announcements for what just happened. */
    private react(before: GameState | null, event: VersionedEvent): void {
        const game = this.current.game!;
        switch (event.t) {
            case 'move': {
                const san = event.d.san;
                this.ports.play(san.includes('+') || san.includes('#') ? 'check' : san.includes('x') ? 'capture' : 'move');
                this.ports.announce(announceMove(san, otherColor(game.turn)));
                break;
            }
            case 'offer':
                this.ports.announce(event.d.by === null ? t('offerDeclined') : offerText(game, event.d.kind, this.current.watching));
                break;
            case 'join':
                this.ports.announce(t('playerJoined', { color: t(event.d.color) }));
                break;
            default:
                break;
        }
        if (before && running(before) && !running(game)) {
            this.ports.play('end');
            this.ports.announce(game.status === 'aborted' ? t('gameAborted') : (game.result?.text ?? t('gameOverHeading')));
        }
    }

    onReply(reply: Reply): void {
        switch (reply.t) {
            case 'refusal': {
                const s = this.current;
                this.set({
                    ...s,
                    sentAt: reply.d.a !== null ? null : s.sentAt,
                    refusal: { text: reply.d.text, squares: reply.d.squares },
                    snapBacks: s.snapBacks + 1,
                });
                this.ports.announce(t('refused', { text: reply.d.text }));
                break;
            }
            case 'error':
                this.showNotice({ key: 'serverError', params: { text: reply.d.text } });
                this.ports.announce(t('serverError', { text: reply.d.text }));
                break;
            case 'analysis':
                this.onAnalysisEvent(reply.d);
                break;
            default:
                break;
        }
    }

    onStatus(status: ConnectionStatus): void {
        if (status === this.current.connection) return;
        this.set({ ...this.current, connection: status });
        // Progress events sent while the line was down are lost: ask where the analysis stands.
        if (status === 'open' && this.current.review.kind === 'waiting') void this.loadReview();
    }

    // ---- Page → server ------------------------------------------------------------------------

    /** A move made on the board: a try while learning from the mistakes, else a move of the game. */
    boardMove(uci: string): void {
        if (this.current.learn) void this.learnTry(uci);
        else this.playMove({ uci });
    }

    /** A move of the game (from the board or the field). */
    playMove(move: MoveText): void {
        const s = this.current;
        if (!s.game || !canMove(s)) return;
        this.ports.unlockSound();
        this.ports.sendMove(s.game.ply, move);
        this.set({ ...s, sentAt: s.game.ply, refusal: null });
    }

    /** The move field was sent: the move, or a message why not. */
    submitTyped(): void {
        const s = this.current;
        const text = s.typed.trim();
        if (text === '') return;
        const move = parseTypedMove(text);
        if (!move) {
            this.set({ ...s, typedInvalid: true, entryMessage: { key: 'moveEntryBadShape', params: { text } } });
            return;
        }
        if (!canMove(s)) {
            this.set({ ...s, entryMessage: { key: 'moveEntryNotYourTurn' } });
            return;
        }
        this.set({ ...s, viewPly: null, typed: '', typedInvalid: false, entryMessage: { key: 'moveEntrySent', params: { text } } });
        this.playMove(moveText(move));
    }

    setTyped(text: string): void {
        this.set({ ...this.current, typed: text, typedInvalid: false });
    }

    claim(kind: ClaimKind): void {
        const typed = parseTypedMove(this.current.typed);
        this.send({ t: 'claim', d: typed ? { kind, ...moveText(typed) } : { kind } });
        if (typed) this.set({ ...this.current, typed: '' });
    }

    send(message: ClientMessage): void {
        this.ports.unlockSound();
        if (message.t === 'resign') this.set({ ...this.current, confirmingResign: false });
        if (!this.ports.send(message)) this.showNotice({ key: 'reconnecting' });
    }

    askResign(): void {
        this.set({ ...this.current, confirmingResign: true });
    }

    cancelResign(): void {
        this.set({ ...this.current, confirmingResign: false });
    }

    // ---- Page actions -------------------------------------------------------------------------

    flip(): void {
        this.set(flipped(this.current));
    }

    showPly(ply: number): void {
        this.set(withPly(this.current, ply));
    }

    step(step: Step): void {
        const s = this.current;
        if (!s.game) return;
        this.showPly(stepTarget(s, step));
        const after = this.current;
        this.ports.announce(after.viewPly === null ? t('lastMove') : viewingText(s.game, after.viewPly, after.notation));
    }

    /** Another language: the page's words at once, the server's texts with a fresh state. */
    setLang(lang: Lang): void {
        if (lang === this.current.lang) return;
        this.ports.useLang(lang);
        this.set({ ...this.current, lang });
        this.ports.reloadState();
        if (this.current.review.kind === 'done') void this.loadReview(); // its words in the new language
    }

    setNotation(notation: Notation): void {
        this.set({ ...this.current, notation });
    }

    showNotice(notice: Notice): void {
        this.set({ ...this.current, notice });
    }

    async copyPgn(): Promise<void> {
        try {
            const pgn = await this.ports.fetchPgn();
            this.ports.announce((await this.ports.copy(pgn)) ? t('copied') : t('copyFailed'));
        } catch (e) {
            this.showNotice({ key: 'networkError', params: { error: e instanceof Error ? e.message : String(e) } });
        }
    }

    async copyFen(): Promise<void> {
        const s = this.current;
        if (!s.game) return;
        const fen = s.viewPly === null ? s.game.fen : plyView(s.game, s.viewPly).fen;
        this.ports.announce((await this.ports.copy(fen)) ? t('copied') : t('copyFailed'));
    }

    /** A clock fell below the low-time mark: the sound for our own, at most every 20 s. */
    lowTime(color: Color): void {
        const you = this.current.game?.you;
        if (you !== color && you !== 'both') return;
        const now = this.ports.now();
        if (now - this.lastLowSound < LowTimeSoundGap) return;
        this.lastLowSound = now;
        this.ports.play('lowTime');
    }

    // ---- The analysis ---------------------------------------------------------------------------

    /** (Read afresh after an await.) */
    private reviewKind(): ReviewState['kind'] {
        return this.current.review.kind;
    }

    private setReview(review: ReviewState): void {
        this.set({ ...this.current, review });
    }

    /** Asks the server where the analysis of this game stands. */
    async loadReview(): Promise<void> {
        const keep = this.current.review.kind === 'done' || this.current.review.kind === 'waiting';
        if (!keep) this.setReview({ kind: 'loading' });
        try {
            const analysis = await this.ports.review.fetch();
            if (analysis === null) this.setReview({ kind: 'none' });
            else if (analysis.status === 'done') this.reviewDone(analysis);
            else this.setReview({ kind: 'waiting', status: analysis.status, progress: analysis.progress });
        } catch (e) {
            this.setReview({ kind: 'failed', text: errorText(e) });
        }
    }

    private reviewDone(analysis: Analysis): void {
        const first = this.current.review.kind !== 'done';
        this.setReview({ kind: 'done', analysis });
        if (first) this.ports.announce(t('reviewReady'));
        if (this.current.learnWanted && this.current.learn === null) {
            this.set({ ...this.current, learnWanted: false });
            // Only a seat has mistakes of its own (an imported game or a spectator: the review).
            if (learnerColors(this.current).length > 0) this.startLearn();
        }
    }

    /** The button: asks for the analysis of the finished game. */
    async requestReview(): Promise<void> {
        const kind = this.current.review.kind;
        if (kind === 'asking' || kind === 'waiting' || kind === 'done') return;
        this.setReview({ kind: 'asking' });
        try {
            const answer = await this.ports.review.request();
            if (answer.status === 'done') await this.loadReview();
            else if (this.reviewKind() === 'asking') this.setReview({ kind: 'waiting', status: answer.status, progress: answer.progress });
        } catch (e) {
            this.setReview({ kind: 'failed', text: errorText(e) });
        }
    }

    onAnalysisEvent(event: AnalysisEvent): void {
        if (this.current.review.kind === 'done') return;
        if (event.status === 'done') {
            void this.loadReview();
            return;
        }
        this.setReview({ kind: 'waiting', status: event.status, progress: event.progress });
    }

    // ---- Learn from your mistakes ---------------------------------------------------------------

    /** Starts with the first of the player's mistakes (or says there are none). */
    startLearn(): void {
        const s = this.current;
        const analysis = analysisOf(s);
        if (!analysis || !s.game) return;
        const plies = mistakesOf(analysis, learnerColors(s), blackFirst(s.game));
        const learn: LearnState = { plies, index: 0, phase: plies.length === 0 ? 'done' : 'loading', position: null, tried: null, answer: null, error: null };
        this.set(withPly({ ...s, learn }, plies.length > 0 ? plies[0]! - 1 : Number.MAX_SAFE_INTEGER));
        if (plies.length > 0) void this.loadLearnPosition();
    }

    stopLearn(): void {
        this.set({ ...this.current, learn: null });
    }

    private setLearn(learn: LearnState): void {
        this.set({ ...this.current, learn });
    }

    private async loadLearnPosition(): Promise<void> {
        const s = this.current;
        const ply = learnPly(s);
        if (!s.game || !s.learn || ply === null) return;
        const learn = s.learn;
        try {
            const position = await this.ports.review.position(plyView(s.game, ply - 1).fen, s.game.variant === 'chess960');
            if (this.current.learn?.index === learn.index) this.setLearn({ ...this.current.learn, phase: 'try', position, error: null });
        } catch (e) {
            if (this.current.learn?.index === learn.index) this.setLearn({ ...this.current.learn, phase: 'failed', error: errorText(e) });
        }
    }

    /** A move tried on the board instead of the mistake. */
    async learnTry(uci: string): Promise<void> {
        const learn = this.current.learn;
        const ply = learnPly(this.current);
        if (!learn || ply === null || (learn.phase !== 'try' && learn.phase !== 'refused')) return;
        this.setLearn({ ...learn, phase: 'checking', tried: uci, answer: null, error: null });
        try {
            const answer = await this.ports.review.tryMove(ply, uci);
            const now = this.current.learn;
            if (!now || now.index !== learn.index) return;
            const solved = answer.verdict === 'solved';
            this.set({ ...this.current, learn: { ...now, phase: solved ? 'solved' : 'refused', answer }, snapBacks: this.current.snapBacks + (solved ? 0 : 1) });
            this.ports.announce(solved ? t('learnSolved', { move: answer.san ?? uci }) : `${t('learnRefused')} ${refusalReason(answer)}`.trim());
        } catch (e) {
            const now = this.current.learn;
            if (now && now.index === learn.index) this.set({ ...this.current, learn: { ...now, phase: 'refused', error: errorText(e) }, snapBacks: this.current.snapBacks + 1 });
        }
    }

    /** "Show the answer": the best move as an arrow, no more tries. */
    learnShow(): void {
        const learn = this.current.learn;
        if (!learn || learn.phase === 'loading' || learn.phase === 'done') return;
        this.set({ ...this.current, learn: { ...learn, phase: 'shown' }, snapBacks: this.current.snapBacks + 1 });
    }

    /** The next mistake, or the end. */
    learnNext(): void {
        const learn = this.current.learn;
        if (!learn) return;
        const index = learn.index + 1;
        const done = index >= learn.plies.length;
        const next: GamePageState = {
            ...this.current,
            learn: { ...learn, index, phase: done ? 'done' : 'loading', position: null, tried: null, answer: null, error: null },
            snapBacks: this.current.snapBacks + 1,
        };
        // The move list marks the position of the mistake being worked on.
        this.set(done ? next : withPly(next, learn.plies[index]! - 1));
        if (!done) void this.loadLearnPosition();
    }
}
