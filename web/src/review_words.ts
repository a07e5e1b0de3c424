// Words of "learn from your mistakes" made from a try's answer, shared by the review's view and
// the game's controller (its announcement for screen readers).
import { t } from './i18n.js';
import type { TryAnswer } from './review_protocol.js';

/** Why a try is not better: the server's explanation, else what it costs in winning chances
 * (a quiet move loses no material and allows no mate, yet may still be worse than the best). */
export function refusalReason(answer: TryAnswer | null | undefined): string {
    if (!answer) return '';
    if (answer.text) return answer.text;
    return answer.loss !== null ? t('learnRefusedLoss', { loss: Math.round(answer.loss) }) : '';
}
