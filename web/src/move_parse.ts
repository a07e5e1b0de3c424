// The shape of a typed move, checked on the page: UCI (e2e4, e7e8q) or SAN in English or German
// letters (Nf3, Sf3, Wd1, exd5, e8=D, O-O, 0-0-0). Whether it is legal is the server's to say.
import { toEnglishLetters } from './notation.js';

export type TypedMove = { readonly kind: 'uci'; readonly uci: string } | { readonly kind: 'san'; readonly san: string };

const UciPattern = /^([a-h][1-8])([a-h][1-8])([qrbndwtls]?)$/;
const UciPromotion: Readonly<Record<string, string>> = { q: 'q', r: 'r', b: 'b', n: 'n', d: 'q', w: 'q', t: 'r', l: 'b', s: 'n' };

const PieceSan = /^[KQRBN][a-h]?[1-8]?x?[a-h][1-8][+#]?$/;
const PawnSan = /^(?:[a-h]x)?[a-h][1-8](?:=[QRBN])?[+#]?$/;
const CastlingSan = /^O-O(?:-O)?[+#]?$/;

/** The move in `text`, or `null` when it has neither shape. SAN comes back in English letters. */
export function parseTypedMove(text: string): TypedMove | null {
    const trimmed = text.trim();
    const uci = UciPattern.exec(trimmed.toLowerCase());
    if (uci) return { kind: 'uci', uci: `${uci[1]}${uci[2]}${UciPromotion[uci[3] ?? ''] ?? ''}` };
    const san = normalizeSan(trimmed);
    if (PieceSan.test(san) || PawnSan.test(san) || CastlingSan.test(san)) return { kind: 'san', san };
    return null;
}

/** English letters, O for zeros in castling, "x" for ":", "=" before a promotion piece, no "!?". */
function normalizeSan(text: string): string {
    let san = toEnglishLetters(text.replace(/\s+/g, '')).replace(/[!?]+$/, '').replace(/:/g, 'x');
    san = san.replace(/^0-0-0/, 'O-O-O').replace(/^0-0/, 'O-O');
    return san.replace(/^((?:[a-h]x)?[a-h][18])([QRBN])/, '$1=$2');
}
