// The game's buttons: resign (with a confirm step), draw offer and answer, claims, abort,
// takeback, rematch, flip, PGN and FEN. Which are there and which are enabled follows from the
// state alone (`availableActions`); the buttons are made once and only shown, hidden or
// disabled, so the keyboard focus stays where it is.
import { button, el } from './dom.js';
import { type MessageKey, t } from './i18n.js';
import { bothHaveMoved, isMyTurn } from './game_state.js';
import type { ClaimKind, ClientMessage, Color, GameState } from './protocol.js';
import { offerText } from './offers.js';

export { offerText };

export interface ControlHandlers {
    send(message: ClientMessage): void;
    claim(kind: ClaimKind): void;
    flip(): void;
    copyPgn(): void;
    copyFen(): void;
    askResign(): void;
    cancelResign(): void;
}

/** shown = the button is there; enabled = it can be pressed now. */
export interface Toggle {
    readonly shown: boolean;
    readonly enabled: boolean;
}

export interface Availability {
    readonly resign: Toggle;
    readonly abort: Toggle;
    readonly offerDraw: Toggle;
    readonly answerDraw: boolean;
    readonly claimThreefold: Toggle;
    readonly claimFifty: Toggle;
    readonly offerTakeback: Toggle;
    readonly answerTakeback: boolean;
    readonly offerRematch: Toggle;
    readonly answerRematch: boolean;
}

const toggle = (shown: boolean, enabled = true): Toggle => ({ shown, enabled: shown && enabled });

/** What the seat(s) of this page may do in `state`; a spectator (`watching`) may do none of it.
 * `typedMove`: a move is typed in the entry (a claim may be made with it). */
export function availableActions(state: GameState, watching: boolean, typedMove: boolean): Availability {
    const seated = !watching && state.you !== null;
    const running = state.status === 'started' || state.status === 'created';
    const playing = seated && running;
    const canAnswer = (by: Color | null) => seated && by !== null && (state.you === 'both' || by !== state.you);
    const early = !bothHaveMoved(state);
    const myTurn = isMyTurn(state);
    return {
        resign: toggle(playing && !early),
        abort: toggle(playing && early),
        offerDraw: toggle(playing, !early && state.offers.draw === null),
        answerDraw: running && canAnswer(state.offers.draw),
        claimThreefold: toggle(playing, myTurn && (state.claimable.threefold || typedMove)),
        claimFifty: toggle(playing, myTurn && (state.claimable.fifty || typedMove)),
        offerTakeback: toggle(playing && state.ply > 0 && state.mode !== 'local', state.offers.takeback === null),
        answerTakeback: running && canAnswer(state.offers.takeback),
        offerRematch: toggle(seated && !running, state.offers.rematch === null),
        answerRematch: !running && canAnswer(state.offers.rematch),
    };
}

export class Controls {
    readonly el: HTMLElement;
    private readonly buttons: Record<string, HTMLButtonElement>;
    private readonly confirm: HTMLElement;
    private readonly notices: HTMLElement;
    private readonly result: HTMLElement;
    private readonly pgnLink: HTMLAnchorElement;
    /** The confirmation shown at the last render (focus moves when it opens or closes). */
    private confirming = false;

    constructor(handlers: ControlHandlers, pgnUrl: string, gameId: string) {
        const send = (message: ClientMessage) => () => handlers.send(message);
        const b = (key: MessageKey, onClick: () => void, cls = '') => button(t(key), onClick, cls);
        this.buttons = {
            resign: b('resign', () => handlers.askResign(), 'danger'),
            abort: b('abort', send({ t: 'abort' })),
            offerDraw: b('offerDraw', send({ t: 'draw', d: 'offer' })),
            acceptDraw: b('acceptDraw', send({ t: 'draw', d: 'accept' }), 'primary'),
            declineDraw: b('declineDraw', send({ t: 'draw', d: 'decline' })),
            claimThreefold: b('claimThreefold', () => handlers.claim('threefold')),
            claimFifty: b('claimFifty', () => handlers.claim('fifty')),
            offerTakeback: b('takebackOffer', send({ t: 'takeback', d: 'offer' })),
            acceptTakeback: b('takebackAccept', send({ t: 'takeback', d: 'accept' }), 'primary'),
            declineTakeback: b('takebackDecline', send({ t: 'takeback', d: 'decline' })),
            offerRematch: b('rematch', send({ t: 'rematch', d: 'offer' }), 'primary'),
            acceptRematch: b('rematchAccept', send({ t: 'rematch', d: 'accept' }), 'primary'),
            declineRematch: b('rematchDecline', send({ t: 'rematch', d: 'decline' })),
            flip: b('flipBoard', () => handlers.flip()),
            copyPgn: b('copyPgn', () => handlers.copyPgn()),
            copyFen: b('copyFen', () => handlers.copyFen()),
        };
        const resignYes = b('resignYes', () => handlers.send({ t: 'resign' }), 'danger');
        const resignNo = b('resignNo', () => handlers.cancelResign());
        this.confirm = el('div', { class: 'confirm', attrs: { role: 'group', 'aria-label': t('resignConfirm') } }, [
            el('span', { text: t('resignConfirm') }),
            resignYes,
            resignNo,
        ]);
        this.confirm.hidden = true;
        this.confirm.addEventListener('keydown', (ev) => {
            if (ev.key === 'Escape') handlers.cancelResign();
        });
        this.pgnLink = el('a', {
            class: 'button-link',
            text: t('downloadPgn'),
            attrs: { href: pgnUrl, download: `schach-${gameId}.pgn` },
        });
        this.notices = el('div', { class: 'notices' });
        this.result = el('div', { class: 'result', attrs: { tabindex: '-1' } });
        this.result.hidden = true;
        const B = this.buttons;
        const group = (cls: string, children: Node[]) => el('div', { class: `control-group ${cls}` }, children);
        this.el = el('section', { class: 'controls', attrs: { 'aria-label': t('controlsLabel') } }, [
            this.result,
            this.notices,
            group('play', [B.resign!, this.confirm, B.abort!, B.offerDraw!, B.acceptDraw!, B.declineDraw!]),
            group('claims', [B.claimThreefold!, B.claimFifty!]),
            group('takeback', [B.offerTakeback!, B.acceptTakeback!, B.declineTakeback!]),
            group('rematch', [B.offerRematch!, B.acceptRematch!, B.declineRematch!]),
            group('tools', [B.flip!, B.copyPgn!, this.pgnLink, B.copyFen!]),
        ]);
    }

    /** Shows the buttons for `state`; `confirming`: the resign button asks "really?". */
    render(state: GameState, watching: boolean, typedMove: boolean, confirming: boolean): void {
        const a = availableActions(state, watching, typedMove);
        const set = (name: string, tg: Toggle) => {
            const node = this.buttons[name]!;
            node.hidden = !tg.shown;
            node.disabled = !tg.enabled;
        };
        const asking = confirming && a.resign.shown;
        set('resign', { shown: a.resign.shown && !asking, enabled: true });
        this.confirm.hidden = !asking;
        if (asking && !this.confirming) this.confirm.querySelectorAll('button')[1]?.focus(); // "No" first: the safe answer
        const returned = !asking && this.confirming && this.confirm.contains(document.activeElement);
        this.confirming = asking;
        if (returned && a.resign.shown) this.buttons.resign!.focus();
        set('abort', a.abort);
        set('offerDraw', a.offerDraw);
        set('acceptDraw', toggle(a.answerDraw));
        set('declineDraw', toggle(a.answerDraw));
        set('claimThreefold', a.claimThreefold);
        set('claimFifty', a.claimFifty);
        set('offerTakeback', a.offerTakeback);
        set('acceptTakeback', toggle(a.answerTakeback));
        set('declineTakeback', toggle(a.answerTakeback));
        set('offerRematch', a.offerRematch);
        set('acceptRematch', toggle(a.answerRematch));
        set('declineRematch', toggle(a.answerRematch));
        this.buttons.claimThreefold!.title = this.buttons.claimFifty!.title = t('claimWithMoveHint');
        const notices = (['draw', 'takeback', 'rematch'] as const)
            .map((kind) => offerText(state, kind, watching))
            .filter((s) => s !== '')
            .map((s) => el('p', { text: s }));
        this.notices.replaceChildren(...notices);
        this.renderResult(state);
    }

    private renderResult(state: GameState): void {
        const over = state.status === 'over' || state.status === 'aborted';
        this.result.hidden = !over;
        if (!over) return;
        const text = state.status === 'aborted' ? t('gameAborted') : (state.result?.text ?? state.result?.result ?? '');
        const score = state.result ? [el('p', { class: 'result-score', text: state.result.result.replaceAll('1/2', '½') })] : [];
        this.result.replaceChildren(el('h2', { text: t('gameOverHeading') }), el('p', { class: 'result-text', text }), ...score);
    }
}
