// The navigation header's links to the tool pages (a small module of its own: the rules guide
// adds its entry beside these). The current page is marked with aria-current.
import { el } from './dom.js';
import { type MessageKey, currentLang, t } from './i18n.js';

interface NavEntry {
    readonly label: MessageKey;
    readonly path: (lang: string) => string;
    readonly matches: readonly string[];
}

export const ToolEntries: readonly NavEntry[] = [
    { label: 'navPlay', path: () => '/', matches: ['/'] },
    { label: 'navChess960', path: () => '/chess960', matches: ['/chess960'] },
    { label: 'navClock', path: (lang) => (lang === 'en' ? '/clock' : '/uhr'), matches: ['/uhr', '/clock'] },
    { label: 'navPgn', path: () => '/pgn', matches: ['/pgn'] },
];

/** The `<nav>` with the tool pages, for the header. */
export function toolNav(pathname: string): HTMLElement {
    const here = pathname.replace(/\/+$/, '') || '/';
    const links = ToolEntries.map((e) => {
        const a = el('a', { text: t(e.label), attrs: { href: e.path(currentLang()) } });
        if (e.matches.includes(here)) a.setAttribute('aria-current', 'page');
        return el('li', {}, [a]);
    });
    return el('nav', { class: 'site-nav', attrs: { 'aria-label': t('navLabel') } }, [el('ul', {}, links)]);
}
