// The Chess960 explorer (/chess960): a number 0–959 (or random) shown as its start position with
// the derivation step by step (4 × 4 × 6 × 10 = 960), the way back from a position to its number,
// Double Chess960, "play this position", and the castling trainer below. Every array, number and
// error comes from the server (libschach's numbering).
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { announce } from './announce.js';
import { analysisUrl } from './analysis_link.js';
import { ApiError, createGame } from './api.js';
import { castlingTrainer } from './castling_trainer.js';
import { button, el, uniqueId } from './dom.js';
import { invitation } from './home.js';
import { type MessageKey, t } from './i18n.js';
import { type Chess960Start, type DerivationStep, type StepId, chess960Number, fetchChess960 } from './tools_api.js';

const StepText: { readonly [S in StepId]: MessageKey } = {
    'light-bishop': 'c960StepLightBishop',
    'dark-bishop': 'c960StepDarkBishop',
    queen: 'c960StepQueen',
    knights: 'c960StepKnights',
    'rook-king-rook': 'c960StepRookKingRook',
};

const Figurines: Readonly<Record<string, string>> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A labelled number field 0–959. */
function numberField(label: MessageKey, value: number) {
    const id = uniqueId('n');
    const input = el('input', { attrs: { id, type: 'number', min: '0', max: '959', step: '1', inputmode: 'numeric', value: String(value) } });
    return { input, field: el('div', { class: 'field' }, [el('label', { text: t(label), attrs: { for: id } }), input]) };
}

/** A step of the derivation; pointing at it (or focusing it) marks its squares on the board. */
function stepItem(s: DerivationStep, mark: (squares: readonly string[]) => void): HTMLElement {
    const li = el('li', {
        text: t(StepText[s.step], { choice: s.choice + 1, choices: s.choices, files: s.files.join(', '), pieces: s.pieces.join('') }),
        attrs: { tabindex: '0' },
    });
    const on = () => mark(s.files.map((f) => `${f}1`));
    const off = () => mark([]);
    li.addEventListener('mouseenter', on);
    li.addEventListener('focus', on);
    li.addEventListener('mouseleave', off);
    li.addEventListener('blur', off);
    return li;
}

/** "518 = 2 + 4 × (0 + 4 × (2 + 6 × 5))" from the steps' choices. */
function formula(start: Chess960Start): string {
    const c = start.steps.map((s) => s.choice);
    return `${start.number} = ${c[0]} + 4 × (${c[1]} + 4 × (${c[2]} + 6 × ${c[3]}))`;
}

function rankLine(backRank: string): HTMLElement {
    return el('p', { class: 'back-rank' }, [
        el('span', { class: 'figurines', text: [...backRank].map((p) => Figurines[p] ?? p).join(' '), attrs: { 'aria-hidden': 'true' } }),
        el('code', { class: 'letters', text: backRank }),
    ]);
}

export function chess960Page(): HTMLElement {
    const host = el('div', { class: 'board', attrs: { role: 'img', 'aria-label': t('boardLabel') } });
    let cg: Api | null = null;
    const white = numberField('c960NumberLabel', 518);
    const doubleId = uniqueId('double');
    const double = el('input', { attrs: { id: doubleId, type: 'checkbox' } });
    const black = numberField('c960BlackNumberLabel', 518);
    black.field.hidden = true;
    const show = el('button', { class: 'primary', text: t('c960Show'), attrs: { type: 'submit' } });
    const random = button(t('c960Random'), () => void load('random'));
    const classical = button(t('c960Classical'), () => void load(518));
    const form = el('form', { class: 'c960-form' }, [
        white.field,
        el('div', { class: 'radio' }, [double, el('label', { text: t('c960Double'), attrs: { for: doubleId } })]),
        black.field,
        el('div', { class: 'entry-row' }, [show, random, classical]),
    ]);
    const heading = el('h2', { class: 'c960-title' });
    const status = el('p', { class: 'form-message', attrs: { role: 'status' } });
    const ranks = el('div', { class: 'c960-ranks' });
    const fen = el('p', { class: 'fen' });
    const steps = el('ol', { class: 'derivation' });
    const sum = el('p', { class: 'formula' });
    const playMessage = el('div', { class: 'play-message', attrs: { role: 'status' } });
    let current: Chess960Start | null = null;

    const play = (mode: 'computer' | 'friend') => {
        if (!current) return;
        playMessage.replaceChildren(el('p', { text: t('creatingGame') }));
        // A Double Chess960 start is played from its FEN (it has no single number).
        const start = current.black === null || current.black === current.number ? { chess960: current.number } : { fen: current.fen };
        createGame({ mode, variant: 'chess960', ...start, color: 'white', ...(mode === 'computer' ? { level: 3 } : {}) })
            .then((r) => {
                if (mode === 'computer') window.location.assign(r.urls.play);
                else playMessage.replaceChildren(invitation(r));
            })
            .catch((e: unknown) => playMessage.replaceChildren(el('p', { text: t('createFailed', { error: errorText(e) }) })));
    };
    const analyse = el('a', { class: 'button-link', text: t('anAnalyse'), attrs: { href: '/analyse', title: t('anAnalyseHint') } });
    const playButtons = el('div', { class: 'entry-row' }, [
        button(t('c960PlayComputer'), () => play('computer'), 'primary'),
        button(t('c960PlayFriend'), () => play('friend')),
        analyse,
    ]);

    const showStart = (s: Chess960Start) => {
        current = s;
        white.input.value = String(s.number);
        heading.textContent = s.black === null ? t('c960Heading', { n: s.number }) : t('c960DoubleHeading', { n: s.number, m: s.black });
        ranks.replaceChildren(
            el('h3', { text: t('c960WhiteRank') }),
            rankLine(s.backRank),
            ...(s.blackBackRank ? [el('h3', { text: t('c960BlackRank') }), rankLine(s.blackBackRank)] : []),
        );
        fen.textContent = t('c960Fen', { fen: s.fen });
        analyse.setAttribute('href', analysisUrl(s.fen, true));
        const mark = (squares: readonly string[]) => cg?.setAutoShapes(squares.map((q) => ({ orig: q as Key, brush: 'green' })));
        steps.replaceChildren(...s.steps.map((step) => stepItem(step, mark)));
        sum.textContent = `${formula(s)}${s.classical ? ` — ${t('c960IsClassical')}` : ''}`;
        const placement = s.fen.split(' ')[0] ?? s.fen;
        if (!cg) cg = Chessground(host, { fen: placement, viewOnly: true, coordinates: true });
        else cg.set({ fen: placement });
        announce(heading.textContent);
        const address = `${window.location.pathname}?n=${s.number}${s.black === null ? '' : `&black=${s.black}`}`;
        window.history.replaceState(null, '', address);
    };

    const load = async (n: number | 'random') => {
        status.textContent = '';
        try {
            const b = double.checked ? Number(black.input.value) : undefined;
            showStart(await fetchChess960(n, b !== undefined && Number.isInteger(b) ? b : undefined));
        } catch (e) {
            status.textContent = errorText(e);
        }
    };
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const n = Number(white.input.value);
        if (!Number.isInteger(n) || n < 0 || n > 959) {
            status.textContent = t('c960NumberRange');
            return;
        }
        void load(n);
    });
    double.addEventListener('change', () => {
        black.field.hidden = !double.checked;
    });

    const page = el('section', { class: 'tool-page chess960-page' }, [
        el('h1', { text: t('c960Title') }),
        el('p', { class: 'intro', text: t('c960Intro') }),
        el('div', { class: 'explorer' }, [
            el('div', { class: 'board-frame' }, [host]),
            el('div', { class: 'explorer-side' }, [form, status, heading, ranks, fen, el('h3', { text: t('c960WhyHeading') }), steps, sum, playButtons, playMessage]),
        ]),
        backToNumber(),
        castlingTrainer(),
    ]);
    // Chessground keeps its boards' place on the screen until a scroll or resize; text that
    // appears above a board (the derivation, the trainer's cases) moves it without either.
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => document.dispatchEvent(new Event('scroll'))).observe(page);
    // `?n=123` (and `&black=m`) opens that start position; the address follows what is shown.
    const query = new URLSearchParams(window.location.search);
    const asked = Number(query.get('n') ?? '518');
    const askedBlack = query.get('black');
    if (askedBlack !== null && /^\d{1,3}$/.test(askedBlack)) {
        double.checked = true;
        black.field.hidden = false;
        black.input.value = askedBlack;
    }
    void load(Number.isInteger(asked) && asked >= 0 && asked <= 959 ? asked : 518);
    return page;
}

/** From a position (FEN) or White's eight back-rank letters to its number. */
function backToNumber(): HTMLElement {
    const id = uniqueId('position');
    const input = el('input', { attrs: { id, type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'RNBQKBNR' } });
    const out = el('p', { class: 'number-out', attrs: { role: 'status' } });
    const submit = el('button', { class: 'primary', text: t('c960FindNumber'), attrs: { type: 'submit' } });
    const form = el('form', { class: 'c960-back' }, [
        el('h2', { text: t('c960BackHeading') }),
        el('p', { class: 'hint', text: t('c960BackHint') }),
        el('label', { text: t('c960BackLabel'), attrs: { for: id } }),
        el('div', { class: 'entry-row' }, [input, submit]),
        out,
    ]);
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        const text = input.value.trim();
        const request = /^[KQRBNkqrbn]{8}$/.test(text) ? { backRank: text.toUpperCase() } : { fen: text };
        out.textContent = '';
        chess960Number(request)
            .then((n) => {
                out.textContent = t('c960NumberIs', { n });
            })
            .catch((err: unknown) => {
                out.textContent = err instanceof ApiError ? t('c960NoNumber', { reason: err.message }) : errorText(err);
            });
    });
    return form;
}
