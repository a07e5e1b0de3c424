// The start page (/): create a game against the computer, against a friend (invitation and
// spectator links to copy) or for two at one device, and the list of this browser's games.
import { announce } from './announce.js';
import { createGame, listGames, pgnUrl } from './api.js';
import { button, copyText, el, uniqueId } from './dom.js';
import { type MessageKey, currentLang, htmlLang, t } from './i18n.js';
import type { Color, CreateGameRequest, CreateGameResponse, GameSummary, Mode, Player, Status, Variant } from './protocol.js';

export const TimeControls: readonly string[] = ['3+2', '5+3', '10+0', '15+10'];
const NoClock = 'none';

interface Choice<T extends string> {
    readonly value: T;
    readonly label: MessageKey;
}

/** A fieldset of radio buttons; returns it and a reader of the chosen value. */
function radios<T extends string>(name: string, legend: MessageKey, choices: readonly Choice<T>[], initial: T) {
    const inputs = choices.map((c) => {
        const input = el('input', { attrs: { type: 'radio', name, value: c.value, id: uniqueId(name) } });
        input.checked = c.value === initial;
        return { input, label: el('label', { text: t(c.label), attrs: { for: input.id } }) };
    });
    const fieldset = el('fieldset', { class: `field ${name}` }, [
        el('legend', { text: t(legend) }),
        ...inputs.map(({ input, label }) => el('div', { class: 'radio' }, [input, label])),
    ]);
    const value = () => (inputs.find(({ input }) => input.checked)?.input.value ?? initial) as T;
    return { fieldset, value, inputs: inputs.map((i) => i.input) };
}

/** A labelled `<select>`; returns its wrapper and the element. */
function select(label: MessageKey, options: ReadonlyArray<readonly [string, string]>, initial: string) {
    const id = uniqueId('select');
    const s = el('select', { attrs: { id } }, options.map(([value, text]) => el('option', { text, attrs: { value } })));
    s.value = initial;
    return { field: el('div', { class: 'field' }, [el('label', { text: t(label), attrs: { for: id } }), s]), select: s };
}

function newGameForm(onCreated: (r: CreateGameResponse, mode: Mode) => void): HTMLFormElement {
    const mode = radios<Mode>('mode', 'modeLabel', [
        { value: 'computer', label: 'modeComputer' },
        { value: 'friend', label: 'modeFriend' },
        { value: 'local', label: 'modeLocal' },
    ], 'computer');
    const levels = Array.from({ length: 8 }, (_, i) => [String(i + 1), String(i + 1)] as const);
    const level = select('levelLabel', levels, '3');
    const color = radios<Color | 'random'>('color', 'colorLabel', [
        { value: 'white', label: 'colorWhite' },
        { value: 'black', label: 'colorBlack' },
        { value: 'random', label: 'colorRandom' },
    ], 'random');
    const tc = select('timeControlLabel', [...TimeControls.map((x) => [x, x] as const), [NoClock, t('timeControlNone')]], '10+0');
    const variant = radios<Variant>('variant', 'variantLabel', [
        { value: 'standard', label: 'variantStandard' },
        { value: 'chess960', label: 'variantChess960' },
    ], 'standard');
    const numberId = uniqueId('chess960');
    const number = el('input', { attrs: { id: numberId, type: 'number', min: '0', max: '959', step: '1', value: '518', inputmode: 'numeric' } });
    const randomId = uniqueId('chess960-random');
    const random = el('input', { attrs: { id: randomId, type: 'checkbox' } });
    random.checked = true;
    const chess960 = el('div', { class: 'field chess960-fields' }, [
        el('div', { class: 'radio' }, [random, el('label', { text: t('chess960Random'), attrs: { for: randomId } })]),
        el('label', { text: t('chess960NumberLabel'), attrs: { for: numberId } }),
        number,
    ]);
    // A position of one's own (FEN): the server checks it and says what is wrong and where.
    const fromPositionId = uniqueId('from-position');
    const fromPosition = el('input', { attrs: { id: fromPositionId, type: 'checkbox' } });
    const fenId = uniqueId('fen');
    const fen = el('input', { class: 'fen-input', attrs: { id: fenId, type: 'text', maxlength: '128', spellcheck: 'false', autocomplete: 'off' } });
    const fenField = el('div', { class: 'field fen-field' }, [el('label', { text: t('fenLabel'), attrs: { for: fenId } }), fen]);
    const startField = el('div', { class: 'field' }, [
        el('div', { class: 'radio' }, [fromPosition, el('label', { text: t('fromPositionLabel'), attrs: { for: fromPositionId } })]),
        fenField,
    ]);
    const submit = el('button', { class: 'primary', text: t('createGame'), attrs: { type: 'submit' } });
    const message = el('p', { class: 'form-message', attrs: { role: 'status' } });
    const form = el('form', { class: 'new-game' }, [
        el('h1', { text: t('newGameHeading') }),
        mode.fieldset, level.field, color.fieldset, tc.field, variant.fieldset, chess960, startField, submit, message,
    ]);
    const sync = () => {
        level.field.hidden = mode.value() !== 'computer';
        color.fieldset.hidden = mode.value() === 'local';
        fenField.hidden = !fromPosition.checked;
        chess960.hidden = variant.value() !== 'chess960' || fromPosition.checked;
        number.disabled = random.checked;
    };
    form.addEventListener('change', sync);
    sync();
    form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        const m = mode.value();
        const request: CreateGameRequest = {
            mode: m,
            ...(m === 'computer' ? { level: Number(level.select.value) } : {}),
            ...(m !== 'local' ? { color: color.value() } : {}),
            ...(tc.select.value !== NoClock ? { tc: tc.select.value } : {}),
            variant: variant.value(),
            ...(fromPosition.checked
                ? { fen: fen.value.trim() }
                : variant.value() === 'chess960'
                  ? { chess960: random.checked ? ('random' as const) : Math.min(959, Math.max(0, Math.trunc(Number(number.value) || 0))) }
                  : {}),
        };
        submit.disabled = true;
        message.textContent = t('creatingGame');
        createGame(request)
            .then((r) => {
                message.textContent = t('gameCreated');
                onCreated(r, m);
            })
            .catch((e: unknown) => {
                message.textContent = t('createFailed', { error: e instanceof Error ? e.message : String(e) });
            })
            .finally(() => {
                submit.disabled = false;
            });
    });
    return form;
}

/** A read-only field with a copy button. */
function linkToCopy(label: MessageKey, url: string): HTMLElement {
    const id = uniqueId('link');
    const input = el('input', { attrs: { id, type: 'text', readonly: '', value: url } });
    input.addEventListener('focus', () => input.select());
    const copy = button(t('copy'), () => {
        void copyText(url).then((ok) => announce(ok ? t('copied') : t('copyFailed')));
    });
    copy.setAttribute('aria-describedby', id);
    return el('div', { class: 'field link-field' }, [el('label', { text: t(label), attrs: { for: id } }), el('div', { class: 'entry-row' }, [input, copy])]);
}

export function invitation(r: CreateGameResponse): HTMLElement {
    const absolute = (path: string) => new URL(path, window.location.origin).toString();
    return el('section', { class: 'invitation', attrs: { tabindex: '-1' } }, [
        r.urls.invite ? linkToCopy('inviteLinkLabel', absolute(r.urls.invite)) : null,
        linkToCopy('watchLinkLabel', absolute(r.urls.watch)),
        el('a', { class: 'button-link primary', text: t('openGame'), attrs: { href: r.urls.play } }),
    ]);
}

const StatusKeys: { readonly [S in Status]: MessageKey } = {
    created: 'statusCreated',
    started: 'statusStarted',
    over: 'statusOver',
    aborted: 'statusAborted',
};

function summaryName(p: Player): string {
    if (p.kind === 'engine') return t('computerPlayer');
    return p.name.trim() || t('anonymous');
}

function formatTime(iso: string): string {
    const date = new Date(iso);
    if (iso === '' || Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(htmlLang(currentLang()), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function gameRow(g: GameSummary): HTMLLIElement {
    const names = { white: summaryName(g.players.white), black: summaryName(g.players.black) };
    const title = t('gameListEntry', names);
    const when = formatTime(g.updated);
    const details = [t(StatusKeys[g.status]), g.result?.text ?? '', when ? t('updatedAt', { time: when }) : ''].filter((s) => s !== '');
    return el('li', { class: 'game-row' }, [
        el('span', { class: 'game-title', text: title }),
        el('span', { class: 'game-details', text: details.join(' · ') }),
        el('span', { class: 'game-actions' }, [
            el('a', { class: 'button-link', text: t('reopenGame'), attrs: { href: `/game/${g.id}`, 'aria-label': t('reopenGameLabel', names) } }),
            g.status === 'over'
                ? el('a', { class: 'button-link', text: t('learnLink'), attrs: { href: `/game/${g.id}?learn`, 'aria-label': t('learnLinkLabel', names) } })
                : null,
            el('a', {
                class: 'button-link',
                text: t('exportPgn'),
                attrs: { href: pgnUrl(g.id), download: `schach-${g.id}.pgn`, 'aria-label': t('exportPgnLabel', names) },
            }),
        ]),
    ]);
}

function myGames(): HTMLElement {
    const list = el('ul', { class: 'game-list' });
    const message = el('p', { class: 'list-message', text: t('loadingGames') });
    listGames()
        .then((games) => {
            const sorted = [...games].sort((a, b) => b.updated.localeCompare(a.updated));
            list.replaceChildren(...sorted.map(gameRow));
            message.textContent = games.length === 0 ? t('noGames') : '';
            message.hidden = games.length > 0;
        })
        .catch((e: unknown) => {
            message.textContent = t('gamesLoadFailed', { error: e instanceof Error ? e.message : String(e) });
        });
    // One's own mistakes from the reviewed games, as the trainer's exercises.
    const practise = el('p', { class: 'practise-mistakes' }, [el('a', { class: 'button-link', text: t('mistakesPractise'), attrs: { href: '/puzzles?mistakes' } })]);
    return el('section', { class: 'my-games', attrs: { id: 'my-games' } }, [el('h2', { text: t('myGamesHeading') }), message, list, practise]);
}

/** The start page's content. */
export function homePage(): HTMLElement {
    const created = el('div', { class: 'created' });
    const form = newGameForm((r, mode) => {
        if (mode !== 'friend') {
            window.location.assign(r.urls.play);
            return;
        }
        const section = invitation(r);
        created.replaceChildren(section);
        section.focus();
    });
    const coach = el('p', { class: 'coach-link' }, [el('a', { text: t('coachLinkText'), attrs: { href: '/coach' } })]);
    return el('div', { class: 'home' }, [el('div', { class: 'home-new' }, [form, coach, created]), myGames()]);
}
