// The sentences about pending offers (draw, takeback, rematch), mine or the other side's.
import { type MessageKey, t } from './i18n.js';
import type { GameState, OfferKind } from './protocol.js';

const OfferTexts: { readonly [K in OfferKind]: { readonly mine: MessageKey; readonly theirs: MessageKey } } = {
    draw: { mine: 'drawOfferSent', theirs: 'drawOffered' },
    takeback: { mine: 'takebackOfferSent', theirs: 'takebackOffered' },
    rematch: { mine: 'rematchOfferSent', theirs: 'rematchOffered' },
};

/** The sentence about a pending offer, or '' when there is none. */
export function offerText(state: GameState, kind: OfferKind, watching: boolean): string {
    const by = state.offers[kind];
    if (by === null) return '';
    const mine = !watching && state.you === by;
    return t(mine ? OfferTexts[kind].mine : OfferTexts[kind].theirs, { color: t(by) });
}

