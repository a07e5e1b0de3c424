// The coach's answer (`GET /api/v1/games/{id}/coach`, docs/web-protocol.md): hints on the last
// move, each with its principle (1-7), a sentence in the page's language and the squares it names.
import { type Decoder, arrayOf, bool, matching, nat, str, struct } from './decode.js';
import { type Color, type Square, color, square } from './protocol.js';

export interface CoachHint {
    readonly principle: number;
    readonly principleName: string;
    readonly code: string;
    readonly praise: boolean;
    readonly text: string;
    readonly squares: readonly Square[];
}

export interface CoachAdvice {
    readonly ply: number;
    readonly learner: Color;
    /** Who played move `ply`. */
    readonly mover: Color;
    readonly hints: readonly CoachHint[];
}

const sentence = matching(/^[^\0]{1,2000}$/);
const principle: Decoder<number> = (x) => {
    const n = nat(x);
    return n !== undefined && n >= 1 && n <= 7 ? n : undefined;
};

const hint: Decoder<CoachHint> = (x) => {
    const h = struct({
        principle,
        principle_name: sentence,
        code: str,
        praise: bool,
        text: sentence,
        squares: arrayOf(square, 64),
    })(x);
    return h === undefined
        ? undefined
        : { principle: h.principle, principleName: h.principle_name, code: h.code, praise: h.praise, text: h.text, squares: h.squares };
};

export const decodeCoachAdvice: Decoder<CoachAdvice> = struct({
    ply: nat,
    learner: color,
    mover: color,
    hints: arrayOf(hint, 64),
});
