// Gender-neutral German words of the computer analysis and of "Aus Fehlern lernen" (the seed's
// forms; these sentences name no person or piece, so they read as the German ones).
import type { reviewEn } from './review.en.js';
import { reviewDe } from './review.de.js';

export const reviewDeNeutral: { readonly [K in keyof typeof reviewEn]: string } = {
    // These sentences name no person and no piece: the German ones serve unchanged.
    ...reviewDe,
};
