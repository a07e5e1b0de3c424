// The game page (/game/{id}, /watch/{id}): keeps the page's copy of the game from the
// connection's events and hands it to the board, clocks, move list, entry and controls; plays
// the sounds and says the moves, offers and the result in the live region.
import { announce } from './announce.js';
import { GameAnalysisLink } from './analysis_link.js';
import { ApiError, fetchGame, fetchPgn, joinRematch, pgnUrl } from './api.js';
import { eventTime } from './clock_format.js';
import { ClockView } from './clock_view.js';
import { CoachPanel } from './coach_panel.js';
import { Connection, type ConnectionStatus, browserSocket, browserTimers, gameSocketUrl } from './connection.js';
import { Controls, offerText } from './controls.js';
import { button, copyText, el } from './dom.js';
import { FirstMoveView } from './first_move_view.js';
import { applyEvent, isMyTurn, plyView } from './game_state.js';
import { GameView } from './game_view.js';
import { currentLang, t } from './i18n.js';
import { MoveEntry } from './move_entry.js';
import { MoveList, moveNumberText, numbering } from './move_list.js';
import type { TypedMove } from './move_parse.js';
import { announceMove } from './move_speech.js';
import { type Notation, convertSan } from './notation.js';
import {
    type ClaimKind,
    type ClientMessage,
    type Color,
    type GameState,
    type MoveText,
    type Player,
    type Reply,
    type VersionedEvent,
    otherColor,
} from './protocol.js';
import type { Sounds } from './sounds.js';

export interface GamePageOptions {
    readonly id: string;
    /** /watch/{id}: no seat, whatever cookies the browser has. */
    readonly watching: boolean;
    readonly sounds: Sounds;
    readonly notation: () => Notation;
    /** A sentence to show first (e.g. that the invitation's seat was taken). */
    readonly notice?: string;
}

/** The low-time sound plays at most this often. */
const LowTimeSoundGap = 20_000;

const running = (s: GameState) => s.status === 'started' || s.status === 'created';
const moveText = (m: TypedMove): MoveText => (m.kind === 'uci' ? { uci: m.uci } : { san: m.san });

export class GamePage {
    readonly el: HTMLElement;
    private state: GameState | null = null;
    /** The ply shown while looking at an earlier position; `null`: the live position. */
    private viewPly: number | null = null;
    private orientation: Color = 'white';
    private orientationChosen = false;
    private lastLowSound = -Infinity;
    /** The ply a move of ours was sent at, until the server's answer: no second move meanwhile. */
    private sentAt: number | null = null;
    private readonly connection: Connection;
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
    private tick: number | null = null;
    private readonly analyse: GameAnalysisLink;

    constructor(private readonly options: GamePageOptions) {
        const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        this.board = new GameView((uci) => this.playMove({ uci }), reducedMotion);
        const onLow = (c: Color) => this.lowTime(c);
        this.clocks = { white: new ClockView('white', onLow), black: new ClockView('black', onLow) };
        this.moves = new MoveList((ply) => this.showPly(ply), (step) => this.step(step));
        this.entry = new MoveEntry((m) => this.typed(m), () => this.render());
        this.controls = new Controls(
            {
                send: (m) => this.send(m),
                claim: (kind) => this.claim(kind),
                flip: () => this.flip(),
                copyPgn: () => void this.copyPgn(),
                copyFen: () => void this.copyFen(),
            },
            pgnUrl(options.id),
            options.id,
        );
        this.coach = new CoachPanel(options.id);
        this.seat = el('p', { class: 'seat' });
        this.line = el('p', { class: 'line' });
        this.notice = el('p', { class: 'notice' });
        this.notice.hidden = !options.notice;
        this.notice.textContent = options.notice ?? '';
        this.back = button(t('backToGame'), () => this.showPly(Number.MAX_SAFE_INTEGER), 'back-to-game');
        this.back.hidden = true;
        this.analyse = new GameAnalysisLink(options.id);
        this.status = el('div', { class: 'status' }, [this.seat, this.line, this.firstMove.el, this.back, this.analyse.el, this.notice]);
        this.el = el('div', { class: 'game' }, [
            this.status,
            this.clocks.black.el,
            this.board.el,
            this.clocks.white.el,
            this.moves.el,
            this.coach.el,
            this.entry.el,
            this.controls.el,
        ]);
        this.connection = new Connection({
            url: (v) => gameSocketUrl(window.location, options.id, v, currentLang()),
            socket: browserSocket,
            timers: browserTimers,
            onEvent: (e) => this.onEvent(e),
            onReply: (r) => this.onReply(r),
            onStatus: (s) => this.onStatus(s),
        });
        document.addEventListener('keydown', (ev) => this.onKey(ev));
        document.addEventListener('pointerdown', () => options.sounds.unlock(), { once: true });
    }

    /** Loads the state over HTTP (for a quick first picture and a clear "no such game"), then connects. */
    async start(): Promise<void> {
        let version: number | null = null;
        try {
            const state = await fetchGame(this.options.id);
            if (state === null) {
                this.el.replaceChildren(el('p', { class: 'page-error', text: t('gameNotFound', { id: this.options.id }) }));
                return;
            }
            this.onEvent({ v: state.version, t: 'state', d: state });
            version = state.version;
        } catch (e) {
            this.showNotice(t('networkError', { error: e instanceof ApiError ? e.message : String(e) }));
        }
        this.connection.start(version);
        this.tick = window.setInterval(() => this.tickClocks(), 100);
    }

    /** Draws everything again (the piece letters changed). */
    refresh(): void {
        this.render();
    }

    stop(): void {
        this.connection.stop();
        if (this.tick !== null) window.clearInterval(this.tick);
    }

    // ---- Server → page ---------------------------------------------------------------------

    private onEvent(event: VersionedEvent): void {
        const before = this.state;
        const next = applyEvent(before, event);
        if (!next) return;
        this.state = this.options.watching ? { ...next, you: null } : next;
        if (this.sentAt !== null && (this.state.ply > this.sentAt || event.t === 'state' || event.t === 'takeback')) this.sentAt = null;
        if (!this.orientationChosen) this.orientation = this.state.you === 'black' ? 'black' : 'white';
        if (event.t === 'state' || event.t === 'takeback' || this.viewPly !== null && this.viewPly > this.state.ply) this.viewPly = null;
        if (event.t !== 'offer' && event.t !== 'rematch') this.setClocks();
        if (event.t !== 'state') this.react(before, event);
        if (event.t === 'rematch') void this.goToRematch(event.d.id);
        this.render();
    }

    /** Sounds and announcements for what just happened. */
    private react(before: GameState | null, event: VersionedEvent): void {
        const state = this.state!;
        switch (event.t) {
            case 'move': {
                const san = event.d.san;
                this.board.clearRefusal();
                this.entry.showMessage('');
                this.options.sounds.play(san.includes('+') || san.includes('#') ? 'check' : san.includes('x') ? 'capture' : 'move');
                announce(announceMove(san, otherColor(state.turn)));
                break;
            }
            case 'offer':
                announce(event.d.by === null ? t('offerDeclined') : offerText(state, event.d.kind, this.options.watching));
                break;
            case 'join':
                announce(t('playerJoined', { color: t(event.d.color) }));
                break;
            default:
                break;
        }
        if (before && running(before) && !running(state)) {
            this.options.sounds.play('end');
            announce(state.status === 'aborted' ? t('gameAborted') : (state.result?.text ?? t('gameOverHeading')));
        }
    }

    private onReply(reply: Reply): void {
        switch (reply.t) {
            case 'refusal':
                if (reply.d.a !== null) this.sentAt = null;
                this.render();
                this.board.showRefusal(reply.d.text, reply.d.squares);
                announce(t('refused', { text: reply.d.text }));
                break;
            case 'error':
                this.showNotice(t('serverError', { text: reply.d.text }));
                announce(t('serverError', { text: reply.d.text }));
                break;
            default:
                break;
        }
    }

    private onStatus(status: ConnectionStatus): void {
        this.el.classList.toggle('offline', status === 'reconnecting');
        this.line.dataset.connection = status;
        this.renderLine();
    }

    private async goToRematch(id: string): Promise<void> {
        if (this.options.watching || this.state?.you === null) {
            window.location.assign(`/watch/${id}`);
            return;
        }
        try {
            await joinRematch(id, this.options.id);
        } catch (e) {
            this.showNotice(t('joinFailed', { error: e instanceof Error ? e.message : String(e) }));
            return;
        }
        window.location.assign(`/game/${id}`);
    }

    // ---- Page → server ---------------------------------------------------------------------

    private playMove(move: MoveText): void {
        const state = this.state;
        if (!state || !this.canMove(state)) return;
        this.options.sounds.unlock();
        this.sentAt = state.ply;
        this.connection.sendMove(state.ply, move);
        this.render();
    }

    /** Our turn, and no move of ours still on its way. */
    private canMove(state: GameState): boolean {
        return isMyTurn(state) && this.sentAt === null;
    }

    /** A move from the text field; `false` (and a message) when it cannot be sent now. */
    private typed(move: TypedMove): boolean {
        const state = this.state;
        if (!state || !this.canMove(state)) {
            this.entry.showMessage(t('moveEntryNotYourTurn'));
            return false;
        }
        this.viewPly = null;
        this.playMove(moveText(move));
        return true;
    }

    private claim(kind: ClaimKind): void {
        const typed = this.entry.typedMove();
        this.send({ t: 'claim', d: typed ? { kind, ...moveText(typed) } : { kind } });
        if (typed) this.entry.clear();
    }

    private send(message: ClientMessage): void {
        this.options.sounds.unlock();
        if (!this.connection.send(message)) this.showNotice(t('reconnecting'));
    }

    // ---- Page actions ----------------------------------------------------------------------

    private flip(): void {
        this.orientationChosen = true;
        this.orientation = otherColor(this.orientation);
        this.render();
    }

    private showPly(ply: number): void {
        const state = this.state;
        if (!state) return;
        this.viewPly = ply >= state.ply ? null : Math.max(0, ply);
        this.render();
    }

    private step(step: 'first' | 'previous' | 'next' | 'last'): void {
        const state = this.state;
        if (!state) return;
        const shown = this.viewPly ?? state.ply;
        const target = { first: 0, previous: shown - 1, next: shown + 1, last: state.ply }[step];
        this.showPly(target);
        announce(this.viewPly === null ? t('lastMove') : this.viewingText(state, this.viewPly));
    }

    private onKey(ev: KeyboardEvent): void {
        if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
        const target = ev.target;
        if (target instanceof HTMLElement && target.closest('input, select, textarea, [role="dialog"], .confirm')) return;
        const steps: Readonly<Record<string, 'first' | 'previous' | 'next' | 'last'>> = {
            ArrowLeft: 'previous',
            ArrowRight: 'next',
            Home: 'first',
            End: 'last',
        };
        const step = steps[ev.key];
        if (!step) return;
        ev.preventDefault();
        this.step(step);
    }

    private async copyPgn(): Promise<void> {
        try {
            const pgn = await fetchPgn(this.options.id);
            announce((await copyText(pgn)) ? t('copied') : t('copyFailed'));
        } catch (e) {
            this.showNotice(t('networkError', { error: e instanceof Error ? e.message : String(e) }));
        }
    }

    private async copyFen(): Promise<void> {
        const state = this.state;
        if (!state) return;
        const fen = this.viewPly === null ? state.fen : plyView(state, this.viewPly).fen;
        announce((await copyText(fen)) ? t('copied') : t('copyFailed'));
    }

    private lowTime(color: Color): void {
        const you = this.state?.you;
        if (you !== color && you !== 'both') return;
        const now = performance.now();
        if (now - this.lastLowSound < LowTimeSoundGap) return;
        this.lastLowSound = now;
        this.options.sounds.play('lowTime');
    }

    private showNotice(text: string): void {
        this.notice.textContent = text;
        this.notice.hidden = false;
    }

    // ---- Rendering -------------------------------------------------------------------------

    private setClocks(): void {
        const clock = this.state?.clock ?? null;
        const since = eventTime(performance.now(), this.connection.roundTrip);
        this.clocks.white.setClock(clock, since);
        this.clocks.black.setClock(clock, since);
        this.firstMove.set(this.state && running(this.state) ? this.state.firstMove : null, since);
        this.tickClocks();
    }

    private tickClocks(): void {
        const now = performance.now();
        this.clocks.white.tick(now);
        this.clocks.black.tick(now);
        this.firstMove.tick(now);
    }

    private render(): void {
        const state = this.state;
        if (!state) return;
        const viewing = this.viewPly === null ? null : plyView(state, this.viewPly);
        const movable = running(state) && state.you !== null && this.sentAt === null ? state.you : null;
        this.board.render({ game: state, viewing, orientation: this.orientation, movable });
        this.renderPlayers(state);
        this.moves.render(state.moves, state.initialFen, this.options.notation(), this.viewPly ?? state.ply);
        this.entry.setEnabled(running(state) && state.you !== null);
        this.controls.render(state, this.options.watching, this.entry.typedMove() !== null);
        this.coach.update(state, this.options.watching);
        this.renderLine();
        this.back.hidden = this.viewPly === null;
        this.analyse.update(this.viewPly ?? state.ply, state.status === 'over' || state.status === 'aborted');
        document.title = `${t('gameListEntry', { white: this.playerName(state.players.white, state), black: this.playerName(state.players.black, state) })} · ${t('appTitle')}`;
    }

    private renderPlayers(state: GameState): void {
        const top = otherColor(this.orientation);
        for (const color of ['white', 'black'] as const) {
            const view = this.clocks[color];
            view.setName(this.playerName(state.players[color], state), running(state) && state.turn === color);
            view.el.classList.toggle('top', color === top);
            view.el.classList.toggle('bottom', color !== top);
        }
        if (this.viewPly === null) this.seat.textContent = this.seatText(state);
    }

    private playerName(player: Player, state: GameState): string {
        if (player.kind === 'engine') return t('computerName', { level: state.level ?? '?' });
        if (!player.joined) return t('waitingForPlayer');
        return player.name.trim() || t('anonymous');
    }

    private seatText(state: GameState): string {
        if (state.you === null) return t('youWatch');
        if (state.you === 'both') return t('youPlayBoth');
        return t('youPlay', { color: t(state.you) });
    }

    private viewingText(state: GameState, ply: number): string {
        const move = state.moves[ply - 1];
        if (ply <= 0 || !move) return t('viewingStart');
        const number = moveNumberText(ply, numbering(state.initialFen));
        return t('viewingPly', { move: `${number} ${convertSan(move.san, this.options.notation())}` });
    }

    private renderLine(): void {
        const state = this.state;
        const connection = this.line.dataset.connection as ConnectionStatus | undefined;
        const parts: string[] = [];
        if (state && this.viewPly !== null) parts.push(this.viewingText(state, this.viewPly));
        else if (state && running(state)) parts.push(t('turnOf', { color: t(state.turn) }));
        if (connection === 'connecting') parts.push(t('connecting'));
        if (connection === 'reconnecting') parts.push(t('reconnecting'));
        this.line.textContent = parts.join(' ');
    }
}
