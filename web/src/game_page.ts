// The game page (/game/{id}, /watch/{id}): wires the controller (game_ctrl.ts, the page's one
// state and its actions) to the world — the connection, the HTTP API, sounds, the live region —
// and draws each new state with the view (game_page_view.ts). A change of language draws a new
// view from the same state, without loading the page again.
import { announce } from './announce.js';
import { ApiError, fetchAnalysis, fetchGame, fetchPgn, joinRematch, pgnUrl, requestAnalysis, tryInstead } from './api.js';
import { eventTime } from './clock_format.js';
import { Connection, browserSocket, browserTimers, gameSocketUrl } from './connection.js';
import { copyText } from './dom.js';
import { GameCtrl, type GamePageState, type Notice, type Step, initialState } from './game_ctrl.js';
import { GamePageView } from './game_page_view.js';
import { type Lang, currentLang } from './i18n.js';
import type { Notation } from './notation.js';
import type { Sounds } from './sounds.js';
import { fetchPosition } from './tools_api.js';

export interface GamePageOptions {
    readonly id: string;
    /** /watch/{id}: no seat, whatever cookies the browser has. */
    readonly watching: boolean;
    readonly sounds: Sounds;
    readonly notation: Notation;
    /** A sentence to show first (e.g. that the invitation's seat was taken). */
    readonly notice?: Notice;
    /** `?learn` in the address: start "learn from your mistakes" once the analysis is there. */
    readonly learn?: boolean;
    /** Switches the page's words (catalogue, header, cookie) to `lang`. */
    readonly useLang: (lang: Lang) => void;
}

const Steps: Readonly<Record<string, Step>> = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last' };

export class GamePage {
    /** Holds the view; a new language puts a new view in it. */
    readonly el: HTMLElement;
    readonly ctrl: GameCtrl;
    private view: GamePageView;
    private readonly connection: Connection;
    private readonly reducedMotion: boolean;
    private tick: number | null = null;
    private readonly onKey = (ev: KeyboardEvent) => this.key(ev);

    constructor(private readonly options: GamePageOptions) {
        this.reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        const id = options.id;
        this.connection = new Connection({
            url: (v) => gameSocketUrl(window.location, id, v, currentLang()),
            socket: browserSocket,
            timers: browserTimers,
            onEvent: (e) => this.ctrl.onEvent(e),
            onReply: (r) => this.ctrl.onReply(r),
            onStatus: (s) => this.ctrl.onStatus(s),
        });
        const sounds = options.sounds;
        this.ctrl = new GameCtrl(
            initialState({
                id,
                watching: options.watching,
                lang: currentLang(),
                notation: options.notation,
                notice: options.notice ?? null,
                learn: options.learn ?? false,
            }),
            {
                sendMove: (ply, move) => void this.connection.sendMove(ply, move),
                send: (m) => this.connection.send(m),
                reloadState: () => this.connection.reload(),
                play: (name) => sounds.play(name),
                unlockSound: () => sounds.unlock(),
                announce,
                eventTime: () => eventTime(performance.now(), this.connection.roundTrip),
                now: () => performance.now(),
                useLang: (lang) => options.useLang(lang),
                copy: copyText,
                fetchPgn: () => fetchPgn(id),
                goToRematch: (next, asPlayer) => void this.goToRematch(next, asPlayer),
                review: {
                    fetch: () => fetchAnalysis(id),
                    request: () => requestAnalysis(id),
                    tryMove: (ply, uci) => tryInstead(id, ply, uci),
                    position: (fen, chess960) => fetchPosition(fen, chess960 ? 'chess960' : 'standard'),
                },
            },
            (s) => this.draw(s),
        );
        this.view = this.newView();
        this.el = document.createElement('div');
        this.el.className = 'game-host';
        this.el.append(this.view.el);
        document.addEventListener('keydown', this.onKey);
        document.addEventListener('pointerdown', () => sounds.unlock(), { once: true });
    }

    /** Loads the state over HTTP (for a quick first picture and a clear "no such game"), then connects. */
    async start(): Promise<void> {
        let version: number | null = null;
        try {
            const state = await fetchGame(this.options.id);
            if (state === null) {
                this.ctrl.onMissing();
                return;
            }
            this.ctrl.onEvent({ v: state.version, t: 'state', d: state });
            version = state.version;
        } catch (e) {
            this.ctrl.showNotice({ key: 'networkError', params: { error: e instanceof ApiError ? e.message : String(e) } });
        }
        this.connection.start(version);
        this.tick = window.setInterval(() => this.view.tick(performance.now()), 100);
    }

    stop(): void {
        this.connection.stop();
        document.removeEventListener('keydown', this.onKey);
        if (this.tick !== null) window.clearInterval(this.tick);
    }

    private newView(): GamePageView {
        return new GamePageView(this.ctrl, { pgnUrl: pgnUrl(this.options.id), reducedMotion: this.reducedMotion });
    }

    private draw(s: GamePageState): void {
        if (s.lang !== this.view.lang) {
            const old = this.view;
            this.view = this.newView();
            old.el.replaceWith(this.view.el);
        }
        this.view.render(s);
        this.view.tick(performance.now());
    }

    private key(ev: KeyboardEvent): void {
        if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
        const target = ev.target;
        if (target instanceof HTMLElement && target.closest('input, select, textarea, [role="dialog"], .confirm')) return;
        const step = Steps[ev.key];
        if (!step) return;
        ev.preventDefault();
        this.ctrl.step(step);
    }

    private async goToRematch(id: string, asPlayer: boolean): Promise<void> {
        if (!asPlayer) {
            window.location.assign(`/watch/${id}`);
            return;
        }
        try {
            await joinRematch(id, this.options.id);
        } catch (e) {
            this.ctrl.showNotice({ key: 'joinFailed', params: { error: e instanceof Error ? e.message : String(e) } });
            return;
        }
        window.location.assign(`/game/${id}`);
    }
}
