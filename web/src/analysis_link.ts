// The links into the analysis board from other pages: a game at the ply shown (only once the
// game is over: the engine's lines are no help to use in a running game), a position (the
// Chess960 explorer, the rules guide's diagrams).
import { el } from './dom.js';
import { t } from './i18n.js';

/** `/analyse?fen=…` for a position (FEN spaces as `_`), with the Chess960 rules when asked. */
export function analysisUrl(fen: string, chess960 = false): string {
    return `/analyse?fen=${encodeURIComponent(fen.trim().replaceAll(' ', '_')).replaceAll('%2F', '/')}${chess960 ? '&variant=chess960' : ''}`;
}

/** A link to the analysis board for a position. */
export function analyseLink(fen: string, chess960 = false): HTMLAnchorElement {
    return el('a', { class: 'button-link analyse-link', text: t('anAnalyse'), attrs: { href: analysisUrl(fen, chess960), title: t('anAnalyseHint') } });
}

/** "Analysieren" on a game page: the game's moves on the analysis board at the ply shown. */
export class GameAnalysisLink {
    readonly el = el('a', { class: 'button-link analyse-link', text: '', attrs: { href: '#' } });

    constructor(private readonly gameId: string) {
        this.el.textContent = t('anAnalyse');
        this.el.title = t('anAnalyseHint');
        this.el.hidden = true;
    }

    update(ply: number, over: boolean): void {
        this.el.hidden = !over;
        this.el.setAttribute('href', `/analyse?game=${this.gameId}&ply=${ply}`);
    }
}
