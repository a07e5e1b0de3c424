// Gender-neutral German words of the analysis board (/analyse) and of the links into it (no
// person or piece nouns here differ from German).
import type { analysisEn } from './analysis.en.js';
import { analysisDe } from './analysis.de.js';

export const analysisDeNeutral: { readonly [K in keyof typeof analysisEn]: string } = {
    // These sentences name no person and no piece: the German ones serve unchanged.
    ...analysisDe,
};
