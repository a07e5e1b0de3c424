// The page's entry: language, header settings and routing by path —
// `/` the start page, `/game/{id}` a game (with `?invite=TOKEN` taking the free seat first),
// `/watch/{id}` a game for spectators, `/regeln` and `/rules` the rules guide, `/analyse` the
// analysis board, `/taktik` and `/puzzles` the tactics trainer.
import { AnalysisPage } from './analysis_page.js';
import { announce, initAnnouncer } from './announce.js';
import { ApiError, joinGame } from './api.js';
import { byId, el } from './dom.js';
import type { Notice } from './game_ctrl.js';
import { GamePage } from './game_page.js';
import { chess960Page } from './chess960_page.js';
import { clockPage } from './clock_page.js';
import { coachPage } from './coach_page.js';
import { homePage } from './home.js';
import { type Lang, Languages, type MessageKey, currentLang, htmlLang, isLang, pickLang, setLang, t } from './i18n.js';
import { navLinks } from './nav.js';
import { type Notation, Notations, defaultNotation } from './notation.js';
import { pgnPage } from './pgn_page.js';
import { PuzzlePage } from './puzzle_page.js';
import { type Route, route } from './routes.js';
import { RulesPage, rulesLang, rulesPath } from './rules_page.js';
import { saveLang, saveMuted, saveNotation, storedLang, storedMuted, storedNotation } from './settings.js';
import { Sounds } from './sounds.js';

const LanguageNames: { readonly [L in Lang]: MessageKey } = { de: 'languageDe', 'de-neutral': 'languageDeNeutral', en: 'languageEn' };
const NotationNames: { readonly [N in Notation]: MessageKey } = {
    english: 'notationEnglish',
    german: 'notationGerman',
    'german-neutral': 'notationGermanNeutral',
    figurine: 'notationFigurine',
};

let notation: Notation = 'english';
let onNotationChange: () => void = () => undefined;
/** Set by a page that switches its language in place; other pages load again. */
let onLangChange: ((lang: Lang) => void) | null = null;

/** Keeps `--header-h` at the header's height, so the game page's board fits below it however
 * the header wraps (more pages in the navigation, a narrow window, larger text). */
function trackHeaderHeight(): void {
    const header = document.querySelector('header');
    if (!header) return;
    const set = () => document.documentElement.style.setProperty('--header-h', `${header.getBoundingClientRect().height}px`);
    new ResizeObserver(set).observe(header);
    set();
}

/** The header's words in the page's language (again after a change of language). */
function headerTexts(sounds: Sounds): void {
    byId('skip-link').textContent = t('skipToContent');
    byId('home-link').textContent = t('appTitle');
    byId('home-link').setAttribute('aria-label', t('homeLink'));
    const nav = byId('site-nav');
    nav.setAttribute('aria-label', t('navLabel'));
    nav.replaceChildren(...navLinks(currentLang(), window.location.pathname));
    byId('lang-label').textContent = t('languageLabel');
    byId('notation-label').textContent = t('notationLabel');
    const lang = byId<HTMLSelectElement>('lang-select');
    lang.replaceChildren(...Languages.map((l) => el('option', { text: t(LanguageNames[l]), attrs: { value: l, lang: htmlLang(l) } })));
    lang.value = currentLang();
    const letters = byId<HTMLSelectElement>('notation-select');
    letters.replaceChildren(...Notations.map((n) => el('option', { text: t(NotationNames[n]), attrs: { value: n } })));
    letters.value = notation;
    const toggle = byId<HTMLButtonElement>('sound-toggle');
    toggle.textContent = sounds.muted ? t('soundOff') : t('soundOn');
    toggle.setAttribute('aria-pressed', String(!sounds.muted));
    toggle.title = t('soundToggleLabel');
    toggle.setAttribute('aria-label', t('soundToggleLabel'));
}

/** Switches the page's words to `lang` where it stands: the catalogue, `<html lang>`, the header. */
function useLang(lang: Lang, sounds: Sounds): void {
    saveLang(lang);
    setLang(lang);
    document.documentElement.lang = htmlLang(lang);
    headerTexts(sounds);
}

/** The language select (the game page switches in place, the others load again in the new
 * language), the piece letters, the sound toggle. */
function setUpHeader(sounds: Sounds): void {
    trackHeaderHeight();
    headerTexts(sounds);
    const lang = byId<HTMLSelectElement>('lang-select');
    lang.addEventListener('change', () => {
        const chosen = lang.value;
        if (onLangChange && isLang(chosen)) {
            onLangChange(chosen);
            return;
        }
        saveLang(chosen);
        const r = route(window.location.pathname, window.location.search);
        if (r.page === 'rules' && isLang(chosen)) window.location.assign(rulesPath(chosen) + window.location.hash);
        else window.location.reload();
    });
    const letters = byId<HTMLSelectElement>('notation-select');
    letters.addEventListener('change', () => {
        notation = letters.value as Notation;
        saveNotation(notation);
        onNotationChange();
    });
    const toggle = byId<HTMLButtonElement>('sound-toggle');
    toggle.addEventListener('click', () => {
        sounds.setMuted(!sounds.muted);
        saveMuted(sounds.muted);
        headerTexts(sounds);
    });
}

/** Takes the invitation's seat; returns a sentence to show when that did not work. */
async function takeSeat(id: string, invite: string): Promise<Notice | undefined> {
    const clean = `/game/${id}`;
    try {
        const joined = await joinGame(id, invite);
        window.history.replaceState(null, '', clean); // the token is spent: keep it out of the address bar
        return joined === null ? { key: 'seatTaken' } : undefined;
    } catch (e) {
        return { key: 'joinFailed', params: { error: e instanceof ApiError ? e.message : String(e) } };
    }
}

async function showRoute(app: HTMLElement, r: Route, sounds: Sounds): Promise<void> {
    switch (r.page) {
        case 'home':
            document.title = t('appTitle');
            app.replaceChildren(homePage());
            return;
        case 'coach':
            document.title = `${t('coachPageHeading')} · ${t('appTitle')}`;
            app.replaceChildren(coachPage());
            return;
        case 'rules': {
            document.title = `${t('navRules')} · ${t('appTitle')}`;
            const page = new RulesPage({ lang: currentLang(), notation: () => notation });
            app.replaceChildren(page.el);
            if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
            await page.start();
            return;
        }
        case 'chess960':
            document.title = `${t('c960Title')} · ${t('appTitle')}`;
            app.replaceChildren(chess960Page());
            return;
        case 'clock':
            document.title = `${t('clockTitle')} · ${t('appTitle')}`;
            app.replaceChildren(clockPage(sounds));
            return;
        case 'pgn':
            document.title = `${t('pgnTitle')} · ${t('appTitle')}`;
            app.replaceChildren(pgnPage());
            return;
        case 'analysis': {
            document.title = `${t('anTitle')} · ${t('appTitle')}`;
            const page = new AnalysisPage({ notation: () => notation });
            onNotationChange = () => page.refresh();
            app.replaceChildren(page.el);
            page.start();
            return;
        }
        case 'puzzles': {
            document.title = `${t('puzzleTitle')} · ${t('appTitle')}`;
            const page = new PuzzlePage({ notation: () => notation, mistakes: r.mistakes });
            onNotationChange = () => page.refresh();
            app.replaceChildren(page.el);
            await page.start();
            return;
        }
        case 'missing':
            document.title = t('appTitle');
            app.replaceChildren(el('p', { class: 'page-error', text: t('notFound') }));
            return;
        case 'game':
        case 'watch': {
            let notice: Notice | undefined;
            if (r.page === 'game' && r.invite) {
                app.replaceChildren(el('p', { text: t('joining') }));
                notice = await takeSeat(r.id, r.invite);
            }
            const page = new GamePage({
                id: r.id,
                watching: r.page === 'watch',
                sounds,
                notation,
                useLang: (lang) => useLang(lang, sounds),
                learn: r.page === 'game' && r.learn,
                ...(notice ? { notice } : {}),
            });
            onNotationChange = () => page.ctrl.setNotation(notation);
            onLangChange = (lang) => page.ctrl.setLang(lang);
            app.replaceChildren(page.el);
            if (notice) announce(t(notice.key, notice.params));
            await page.start();
            return;
        }
    }
}

function main(): void {
    const r = route(window.location.pathname, window.location.search);
    const chosen = pickLang(storedLang(), navigator.languages ?? [navigator.language]);
    const lang = r.page === 'rules' ? rulesLang(r.lang, chosen) : chosen;
    setLang(lang);
    document.documentElement.lang = htmlLang(lang);
    notation = storedNotation() ?? defaultNotation(lang);
    initAnnouncer(byId('live'));
    const sounds = new Sounds(storedMuted());
    setUpHeader(sounds);
    void showRoute(byId('app'), r, sounds);
}

if (typeof document !== 'undefined') main();
