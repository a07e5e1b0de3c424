// The rules guide's own catalogue (its long texts kept apart from the page's catalogue in
// i18n/): English in i18n/rules-en.ts, German and gender-neutral German beside it. The language
// is the page's (i18n.ts).
import { type Lang, type Params, currentLang, format } from './i18n.js';
import { rulesDeNeutral } from './i18n/rules-de-neutral.js';
import { rulesDe } from './i18n/rules-de.js';
import { rulesEn } from './i18n/rules-en.js';

export type RulesKey = keyof typeof rulesEn;
/** A full catalogue: a missing or an extra key is a type error. */
export type RulesMessages = { readonly [K in RulesKey]: string };

export const RulesCatalogues: { readonly [L in Lang]: RulesMessages } = { de: rulesDe, 'de-neutral': rulesDeNeutral, en: rulesEn };

/** The rules text of `key` in the page's language. */
export function rt(key: RulesKey, params?: Params): string {
    return format(RulesCatalogues[currentLang()][key], params);
}
