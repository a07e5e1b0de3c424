// The site's navigation in the header: one entry per page, in this one list (other pages add
// theirs here). The current page's entry is marked with aria-current.
import { el } from './dom.js';
import { type Lang, type MessageKey, t } from './i18n.js';

export interface NavEntry {
    readonly label: MessageKey;
    /** The entry's address in a language (the rules guide has a German and an English one). */
    readonly href: (lang: Lang) => string;
    /** Whether the page at `pathname` belongs to this entry. */
    readonly matches: (pathname: string) => boolean;
}

export const NavEntries: readonly NavEntry[] = [
    { label: 'navPlay', href: () => '/', matches: (p) => p === '/' || /^\/(game|watch)\//.test(p) },
    { label: 'navRules', href: (lang) => (lang === 'en' ? '/rules' : '/regeln'), matches: (p) => /^\/(regeln|rules)\/?$/.test(p) },
    { label: 'navCoach', href: () => '/coach', matches: (p) => /^\/coach\/?$/.test(p) },
];

/** The links of the navigation for the page at `pathname`. */
export function navLinks(lang: Lang, pathname: string): HTMLElement[] {
    return NavEntries.map((entry) => {
        const a = el('a', { class: 'nav-link', text: t(entry.label), attrs: { href: entry.href(lang) } });
        if (entry.matches(pathname)) a.setAttribute('aria-current', 'page');
        return a;
    });
}
