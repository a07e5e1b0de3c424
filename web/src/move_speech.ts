// A move in words for the live region, in the page's language: "Knight f3", "Springere f3",
// "Pawn from e takes on d5, check", "kurze Rochade, Schachmatt".
import { type MessageKey, t } from './i18n.js';
import type { Color } from './protocol.js';

const PieceKeys: Readonly<Record<string, MessageKey>> = {
    K: 'pieceKing',
    Q: 'pieceQueen',
    R: 'pieceRook',
    B: 'pieceBishop',
    N: 'pieceKnight',
    P: 'piecePawn',
};

const SanPattern = /^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([QRBN]))?([+#])?$/;
const CastlingPattern = /^O-O(-O)?([+#])?$/;

function pieceName(letter: string): string {
    return t(PieceKeys[letter] ?? 'piecePawn');
}

function suffixWords(suffix: string | undefined): string[] {
    if (suffix === '+') return [t('check')];
    if (suffix === '#') return [t('checkmate')];
    return [];
}

/** The move described by `san` (English letters); the SAN itself when it has an unknown shape. */
export function describeSan(san: string): string {
    const castling = CastlingPattern.exec(san);
    if (castling) return [t(castling[1] ? 'castleLong' : 'castleShort'), ...suffixWords(castling[2])].join(', ');
    const m = SanPattern.exec(san);
    if (!m) return san;
    const [, letter = 'P', from = '', capture, square = '', promotion, suffix] = m;
    const params = { piece: pieceName(letter), from, square };
    const key: MessageKey = capture
        ? from ? 'captureFromOn' : 'captureOn'
        : from ? 'moveFromTo' : 'moveTo';
    const words = [t(key, params)];
    if (promotion) words.push(t('promotesTo', { piece: pieceName(promotion) }));
    return [...words, ...suffixWords(suffix)].join(', ');
}

/** "White: Knight f3" */
export function announceMove(san: string, mover: Color): string {
    return t('announceMove', { color: t(mover), move: describeSan(san) });
}
