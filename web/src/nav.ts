// The site's navigation in the header: one entry per page, in this one list (other pages add
// theirs here). The current page's entry is marked with aria-current.
import { el } from './dom.js';
import { type Lang, type MessageKey, t } from './i18n.js';
import { type Route, route } from './routes.js';

export interface NavEntry {
    readonly label: MessageKey;
    /** The entry's address in a language (the rules guide has a German and an English one). */
    readonly href: (lang: Lang) => string;
    /** The pages (routes.ts) that belong to this entry. */
    readonly pages: readonly Route['page'][];
}

export const NavEntries: readonly NavEntry[] = [
    { label: 'navPlay', href: () => '/', pages: ['home', 'game', 'watch'] },
    { label: 'navRules', href: (lang) => (lang === 'en' ? '/rules' : '/regeln'), pages: ['rules'] },
    { label: 'navCoach', href: () => '/coach', pages: ['coach'] },
    { label: 'navPuzzles', href: (lang) => (lang === 'en' ? '/puzzles' : '/taktik'), pages: ['puzzles'] },
    { label: 'navChess960', href: () => '/chess960', pages: ['chess960'] },
    { label: 'navClock', href: (lang) => (lang === 'en' ? '/clock' : '/uhr'), pages: ['clock'] },
    { label: 'navPgn', href: () => '/pgn', pages: ['pgn'] },
    { label: 'navAnalysis', href: () => '/analyse', pages: ['analysis'] },
];

/** The links of the navigation for the page at `pathname`. */
export function navLinks(lang: Lang, pathname: string): HTMLElement[] {
    const page = route(pathname, '').page;
    return NavEntries.map((entry) => {
        const a = el('a', { class: 'nav-link', text: t(entry.label), attrs: { href: entry.href(lang) } });
        if (entry.pages.includes(page)) a.setAttribute('aria-current', 'page');
        return a;
    });
}
