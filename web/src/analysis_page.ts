// The analysis board (/analyse, /analysis): a position from the start, a FEN, a PGN (pasted or a
// file) or a game (`?game=ID&ply=N`), moves that make a tree of variations, the engine's lines
// from the server's analysis socket, comments and NAGs, PGN export, and the address that shows
// the position and the line. The State and its actions are analysis_controller's; this file
// wires the DOM, chessground and the socket to them and renders analysis_view's parts.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import {
    AnalysisController,
    type AnalysisState,
    type Outgoing,
    addressOf,
    currentNode,
    parseAddress,
    stateFromAddress,
} from './analysis_controller.js';
import { isMainline } from './analysis_tree.js';
import { type Actions, boardConfig, engineView, evalBar, movesView, nodeTools, noticeText, openingView } from './analysis_view.js';
import { announce } from './announce.js';
import { button, copyText, el, uniqueId } from './dom.js';
import { currentLang, t } from './i18n.js';
import type { Notation } from './notation.js';
import { PromotionChooser, promotionSuffix } from './promotion.js';

/** The socket to the server's engine lines: reconnects with backoff; analyse messages at most
 * every 250 ms (the latest wins), so that holding an arrow key stays under the rate limit. */
class LinesSocket {
    private ws: WebSocket | null = null;
    private failures = 0;
    private lastSent = 0;
    private pending: Outgoing | null = null;
    private timer: number | null = null;
    private ping: number | null = null;
    private closed = false;

    constructor(
        private readonly onOpen: () => void,
        private readonly onClose: () => void,
        private readonly onMessage: (m: unknown) => void,
    ) {}

    open(): void {
        const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
        const ws = new WebSocket(`${scheme}://${window.location.host}/api/v1/analysis/socket?lang=${currentLang()}`);
        this.ws = ws;
        ws.addEventListener('open', () => {
            this.failures = 0;
            this.ping = window.setInterval(() => this.raw({ t: 'ping' }), 30_000);
            this.onOpen();
        });
        ws.addEventListener('message', (ev) => {
            try {
                this.onMessage(JSON.parse(String(ev.data)));
            } catch {
                // not JSON: nothing the page can show
            }
        });
        ws.addEventListener('close', () => {
            if (this.ping !== null) window.clearInterval(this.ping);
            this.ws = null;
            this.onClose();
            if (this.closed) return;
            this.failures += 1;
            window.setTimeout(() => this.open(), Math.min(10_000, 500 * 2 ** (this.failures - 1)));
        });
    }

    send(message: Outgoing): void {
        const wait = this.lastSent + 250 - Date.now();
        if (wait <= 0 && this.timer === null) {
            this.raw(message);
            return;
        }
        this.pending = message;
        if (this.timer === null)
            this.timer = window.setTimeout(() => {
                this.timer = null;
                const m = this.pending;
                this.pending = null;
                if (m) this.raw(m);
            }, Math.max(0, wait));
    }

    private raw(message: object): void {
        if (this.ws?.readyState !== WebSocket.OPEN) return;
        this.lastSent = Date.now();
        this.ws.send(JSON.stringify(message));
    }

    /** The page goes away: the search stops and nothing reconnects. */
    close(): void {
        this.closed = true;
        this.raw({ t: 'stop' });
        this.ws?.close();
    }
}

export interface AnalysisPageOptions {
    readonly notation: () => Notation;
}

export class AnalysisPage {
    readonly el: HTMLElement;
    private readonly controller: AnalysisController;
    private readonly socket: LinesSocket;
    private cg: Api | null = null;
    private readonly chooser = new PromotionChooser();
    private readonly host = el('div', { class: 'board', attrs: { role: 'img', 'aria-label': t('boardLabel') } });
    private readonly barSlot = el('div', { class: 'eval-slot' });
    private readonly openingSlot = el('div', { class: 'opening-slot' });
    private readonly movesSlot = el('div', { class: 'moves-slot' });
    private readonly nodeSlot = el('div', { class: 'node-slot' });
    private readonly engineSlot = el('div', { class: 'engine-slot' });
    private readonly notice = el('p', { class: 'form-message', attrs: { role: 'status' } });
    private readonly pgnOut = el('textarea', { class: 'pgn-out', attrs: { id: uniqueId('pgn-out'), rows: '8', readonly: '', spellcheck: 'false' } });
    private rendered: Partial<Record<'tree' | 'path' | 'engine' | 'opening' | 'notation' | 'orientation' | 'connection', unknown>> = {};
    private readonly actions: Actions;

    constructor(private readonly options: AnalysisPageOptions) {
        const address = parseAddress(window.location.search);
        this.socket = new LinesSocket(
            () => this.controller.connected(),
            () => this.controller.disconnected(),
            (m) => this.controller.receive(m),
        );
        this.controller = new AnalysisController(
            stateFromAddress(address),
            (m) => this.socket.send(m),
            (s) => this.render(s),
        );
        const c = this.controller;
        this.actions = {
            goTo: (p) => c.goTo(p),
            play: (u) => c.play(u),
            deleteHere: () => c.deleteAt(),
            promote: (m) => c.promote(m),
            comment: (text) => c.setComment(text),
            nag: (n) => c.toggleNag(n),
            flip: () => c.flip(),
            engineOn: (on) => c.setEngine(on),
            multipv: (n) => c.setMultiPv(n),
        };
        this.el = this.layout();
        if (address.game) void this.loadGame(address.game, address.ply, address.line.length > 0 ? address.line : undefined);
    }

    start(): void {
        this.cg = Chessground(this.host, {
            coordinates: true,
            autoCastle: true,
            movable: { free: false, showDests: true, rookCastle: true, events: { after: (o, d) => void this.afterMove(o, d) } },
            draggable: { enabled: true, showGhost: true },
            premovable: { enabled: false },
            drawable: { enabled: true },
        });
        this.render(this.controller.state, true);
        this.socket.open();
        document.addEventListener('keydown', (ev) => this.onKey(ev));
        window.addEventListener('pagehide', () => this.socket.close());
    }

    /** The piece letters changed: the move list and lines again. */
    refresh(): void {
        this.render(this.controller.state, true);
    }

    private async afterMove(orig: Key, dest: Key): Promise<void> {
        if (!this.cg) return;
        const suffix = await promotionSuffix(this.cg, this.chooser, dest, this.controller.state.orientation);
        if (suffix === null || !this.controller.play(`${orig}${dest}${suffix}`)) this.render(this.controller.state, true);
    }

    private async loadGame(id: string, ply: number | null, line: readonly string[] | undefined): Promise<void> {
        try {
            const res = await fetch(`/api/v1/games/${id}/pgn`, { credentials: 'same-origin' });
            if (!res.ok) throw new Error(String(res.status));
            const text = await res.text();
            this.controller.loadPgn(text, { game: id, ...(ply !== null ? { ply } : {}), ...(line ? { line } : {}) });
        } catch {
            this.notice.textContent = t('anGameFailed');
        }
    }

    private onKey(ev: KeyboardEvent): void {
        const target = ev.target as HTMLElement | null;
        if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
        if (this.chooser.isOpen || ev.altKey || ev.ctrlKey || ev.metaKey) return;
        const c = this.controller;
        const keys: Readonly<Record<string, () => void>> = {
            ArrowLeft: () => c.prev(),
            ArrowRight: () => c.next(),
            ArrowUp: () => c.sibling(-1),
            ArrowDown: () => c.sibling(1),
            Home: () => c.first(),
            End: () => c.last(),
            f: () => c.flip(),
        };
        const act = keys[ev.key];
        if (!act) return;
        ev.preventDefault();
        act();
    }

    private render(s: AnalysisState, force = false): void {
        const r = this.rendered;
        const notation = this.options.notation();
        const changed = (key: keyof typeof r, value: unknown) => {
            const c = force || r[key] !== value;
            r[key] = value;
            return c;
        };
        const treeChanged = changed('tree', s.tree);
        const pathChanged = changed('path', s.path);
        const engineChanged = changed('engine', s.engine);
        const orientationChanged = changed('orientation', s.orientation);
        const connectionChanged = changed('connection', s.connection);
        const notationChanged = changed('notation', notation);
        if (this.cg && (treeChanged || pathChanged || engineChanged || orientationChanged)) this.cg.set(boardConfig(s));
        if (engineChanged || orientationChanged) this.barSlot.replaceChildren(evalBar(s));
        if (treeChanged || pathChanged || notationChanged) {
            this.movesSlot.replaceChildren(movesView(s.tree, s.path, notation, this.actions));
            this.movesSlot.querySelector('.move.current')?.scrollIntoView({ block: 'nearest' });
            this.nodeSlot.replaceChildren(nodeTools(s.path, currentNode(s), isMainline(s.tree, s.path), this.actions));
        }
        if (engineChanged || connectionChanged || notationChanged || pathChanged) this.engineSlot.replaceChildren(engineView(s, notation, this.actions));
        if (changed('opening', s.opening)) this.openingSlot.replaceChildren(openingView(s.opening));
        this.notice.textContent = noticeText(s.notice);
        if (pathChanged || treeChanged || orientationChanged) {
            const address = addressOf(s);
            if (window.location.pathname + window.location.search !== address) window.history.replaceState(null, '', address);
        }
    }

    private layout(): HTMLElement {
        const c = this.controller;
        // Loading: a FEN (with Chess960), a PGN pasted or from a file, the start.
        const fenId = uniqueId('fen');
        const fenInput = el('input', { attrs: { id: fenId, type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' } });
        const c960Id = uniqueId('c960');
        const c960 = el('input', { attrs: { id: c960Id, type: 'checkbox' } });
        const fenForm = el('form', { class: 'an-load' }, [
            el('label', { text: t('anFenLabel'), attrs: { for: fenId } }),
            el('div', { class: 'entry-row' }, [fenInput, el('button', { text: t('anLoadFen'), attrs: { type: 'submit' } })]),
            el('div', { class: 'radio' }, [c960, el('label', { text: t('anChess960'), attrs: { for: c960Id } })]),
        ]);
        fenForm.addEventListener('submit', (e) => {
            e.preventDefault();
            if (c.loadFen(fenInput.value || 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', c960.checked)) announce(t('anLoaded'));
        });
        const pgnId = uniqueId('pgn');
        const pgnInput = el('textarea', { attrs: { id: pgnId, rows: '5', spellcheck: 'false', placeholder: '1. e4 e5 2. Nf3 (2. Bc4) 2... Nc6 *' } });
        const fileId = uniqueId('file');
        const file = el('input', { attrs: { id: fileId, type: 'file', accept: '.pgn,application/x-chess-pgn,text/plain' } });
        file.addEventListener('change', () => {
            const f = file.files?.[0];
            if (!f) return;
            void f.text().then((text) => {
                pgnInput.value = text;
                c.loadPgn(text);
            });
        });
        const pgnForm = el('form', { class: 'an-load' }, [
            el('label', { text: t('anPgnLabel'), attrs: { for: pgnId } }),
            pgnInput,
            el('div', { class: 'entry-row' }, [
                el('button', { text: t('anLoadPgn'), attrs: { type: 'submit' } }),
                el('label', { class: 'file-label', text: t('anPgnFile'), attrs: { for: fileId } }),
                file,
            ]),
        ]);
        pgnForm.addEventListener('submit', (e) => {
            e.preventDefault();
            c.loadPgn(pgnInput.value);
        });
        // Export: the PGN with everything, to copy or download.
        const exportBox = el('div', { class: 'an-export' });
        exportBox.hidden = true;
        const download = el('a', { class: 'button-link', text: t('anDownload'), attrs: { download: 'analysis.pgn', href: '#' } });
        const copy = button(t('anCopy'), () => {
            void copyText(this.pgnOut.value).then((ok) => announce(t(ok ? 'anCopied' : 'anCopyFailed')));
        });
        exportBox.append(el('label', { text: t('anPgnOut'), attrs: { for: this.pgnOut.id } }), this.pgnOut, el('div', { class: 'entry-row' }, [copy, download]));
        const exportButton = button(t('anExport'), () => {
            const text = c.pgn();
            this.pgnOut.value = text;
            download.setAttribute('href', `data:application/x-chess-pgn;charset=utf-8,${encodeURIComponent(text)}`);
            exportBox.hidden = false;
        });
        const controls = el('div', { class: 'entry-row an-nav' }, [
            button('|◀', () => c.first()),
            button('◀', () => c.prev()),
            button('▶', () => c.next()),
            button('▶|', () => c.last()),
            button(t('anFlip'), () => c.flip()),
            button(t('anNew'), () => c.loadFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', false)),
        ]);
        const navLabels = [t('anFirst'), t('anPrev'), t('anNext'), t('anLast')];
        [...controls.querySelectorAll('button')].slice(0, 4).forEach((b, i) => b.setAttribute('aria-label', navLabels[i]!));
        return el('section', { class: 'tool-page analysis-page' }, [
            el('h1', { text: t('anTitle') }),
            el('div', { class: 'analysis' }, [
                el('div', { class: 'an-board' }, [this.barSlot, el('div', { class: 'board-frame' }, [this.host, this.chooser.el])]),
                el('div', { class: 'an-side' }, [this.openingSlot, this.engineSlot, this.movesSlot, controls, this.nodeSlot, this.notice]),
            ]),
            el('div', { class: 'an-tools' }, [
                el('section', {}, [el('h2', { text: t('anExportHeading') }), exportButton, exportBox]),
                el('section', {}, [el('h2', { text: t('anLoadHeading') }), fenForm, pgnForm]),
            ]),
        ]);
    }
}
