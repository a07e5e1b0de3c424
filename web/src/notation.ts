// Piece letters: SAN arrives from the server in English letters and is shown in the chosen
// notation; only the piece letters change (also after "=" in promotions), castling stays O-O.
import type { Lang } from './i18n.js';

export type Notation = 'english' | 'german' | 'german-neutral' | 'figurine';

export const Notations: readonly Notation[] = ['english', 'german', 'german-neutral', 'figurine'];

type EnglishLetter = 'K' | 'Q' | 'R' | 'B' | 'N';

const Letters: { readonly [N in Notation]: { readonly [L in EnglishLetter]: string } } = {
    english: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N' },
    german: { K: 'K', Q: 'D', R: 'T', B: 'L', N: 'S' },
    'german-neutral': { K: 'K', Q: 'W', R: 'T', B: 'L', N: 'S' },
    figurine: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' },
};

export function isNotation(x: unknown): x is Notation {
    return typeof x === 'string' && (Notations as readonly string[]).includes(x);
}

/** SAN with English letters → the same move in `notation`. */
export function convertSan(san: string, notation: Notation): string {
    const letters = Letters[notation];
    return san.replace(/[KQRBN]/g, (ch) => letters[ch as EnglishLetter]);
}

/** The notation that goes with a language unless one was chosen. */
export function defaultNotation(lang: Lang): Notation {
    switch (lang) {
        case 'de':
            return 'german';
        case 'de-neutral':
            return 'german-neutral';
        case 'en':
            return 'english';
    }
}

/** Any piece letter a person may type (English, German, gender-neutral, figurines) → English. */
const ToEnglish: Readonly<Record<string, EnglishLetter>> = {
    K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N',
    D: 'Q', W: 'Q', T: 'R', L: 'B', S: 'N',
    '♔': 'K', '♕': 'Q', '♖': 'R', '♗': 'B', '♘': 'N',
    '♚': 'K', '♛': 'Q', '♜': 'R', '♝': 'B', '♞': 'N',
};

/** Replaces every piece letter of a typed SAN by its English letter. */
export function toEnglishLetters(san: string): string {
    return [...san].map((ch) => ToEnglish[ch] ?? ch).join('');
}
