// The page's own words in German, gender-neutral German and English. The rules sentences
// (refusals, results) come from the server in the connection's language.
import { de } from './i18n/de.js';
import { deNeutral } from './i18n/de-neutral.js';
import { en } from './i18n/en.js';

export type MessageKey = keyof typeof en;
/** A full catalogue: a missing or an extra key is a type error. */
export type Messages = { readonly [K in MessageKey]: string };
export type Lang = 'de' | 'de-neutral' | 'en';

export const Languages: readonly Lang[] = ['de', 'de-neutral', 'en'];

export const Catalogues: { readonly [L in Lang]: Messages } = { de, 'de-neutral': deNeutral, en };

export type Params = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders; an unknown name stays as written. */
export function format(template: string, params: Params = {}): string {
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
}

export function isLang(x: unknown): x is Lang {
    return typeof x === 'string' && (Languages as readonly string[]).includes(x);
}

/** The stored choice if valid, else the first of the browser's languages we have (de or en), else English. */
export function pickLang(stored: string | null, browserLanguages: readonly string[]): Lang {
    if (isLang(stored)) return stored;
    for (const tag of browserLanguages) {
        const primary = tag.toLowerCase().split('-')[0];
        if (primary === 'de') return 'de';
        if (primary === 'en') return 'en';
    }
    return 'en';
}

/** The BCP 47 tag for `<html lang>`: both German variants are German. */
export function htmlLang(lang: Lang): string {
    return lang === 'en' ? 'en' : 'de';
}

let current: Lang = 'en';

export function setLang(lang: Lang): void {
    current = lang;
}

export function currentLang(): Lang {
    return current;
}

/** The text of `key` in the page's language, with its placeholders filled. */
export function t(key: MessageKey, params?: Params): string {
    return format(Catalogues[current][key], params);
}
