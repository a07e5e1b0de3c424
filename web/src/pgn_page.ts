// The PGN tools page (/pgn): paste or upload a PGN, and the server checks every move (errors at
// line:column), adjudicates each game by the Laws (as `schach pgn adjudicate`) and writes it
// again in English, German or gender-neutral letters, to read or download; a game without errors
// can be stored (`POST /api/v1/imports`) and opened on its own page for the computer analysis.
import { importGame } from './api.js';
import { button, el, uniqueId } from './dom.js';
import { type MessageKey, currentLang, t } from './i18n.js';
import { type Adjudication, type CheckedGame, type Letters, MaxPgnBytes, type PgnReport, checkPgn } from './tools_api.js';

const LetterNames: { readonly [L in Letters]: MessageKey } = { en: 'notationEnglish', de: 'notationGerman', 'de-neutral': 'notationGermanNeutral' };

function verdictText(a: Adjudication): string {
    const parts: string[] = [];
    if (a.text) parts.push(a.text);
    else if (a.verdict === 'claimable threefold-repetition') parts.push(t('pgnClaimableThreefold'));
    else if (a.verdict === 'claimable fifty-moves') parts.push(t('pgnClaimableFifty'));
    else if (a.verdict === 'not-replayable') parts.push(t('pgnNotReplayable'));
    else parts.push(t('pgnOngoing'));
    if (a.endedAt !== null && a.morePlies !== null && a.morePlies > 0)
        parts.push(t('pgnEndedAt', { move: a.endedAt || '0', n: a.morePlies }));
    if (a.cannotMate) parts.push(t('pgnCannotMate', { color: t(a.cannotMate), article: a.cannotMateArticle ?? '' }));
    if (a.recorded && a.recorded !== '*' && (a.differs || a.result === null)) parts.push(t('pgnRecorded', { result: a.recorded }));
    return parts.join(' · ');
}

function download(name: string, text: string): void {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' }));
    const a = el('a', { attrs: { href: url, download: name } });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function gameCard(g: CheckedGame, letters: () => Letters): HTMLElement {
    const head = el('h3', { text: t('pgnGameHeading', { n: g.number, white: g.white, black: g.black, line: g.line }) });
    const errors = g.errors.map((e) =>
        el('li', { class: 'pgn-error' }, [el('code', { class: 'where', text: t('pgnAt', { line: e.line, column: e.column }) }), ' ', e.text]),
    );
    const items: HTMLElement[] = [head, el('p', { class: 'pgn-moves', text: t('pgnMoves', { n: g.moves.length }) })];
    if (errors.length) items.push(el('ul', { class: 'pgn-errors' }, errors));
    if (g.adjudication) {
        items.push(el('p', { class: `pgn-verdict${g.adjudication.differs ? ' differs' : ''}` }, [el('strong', { text: `${g.adjudication.result ?? '*'} ` }), verdictText(g.adjudication)]));
    }
    if (g.pgn) {
        const pgn = g.pgn;
        const pre = el('pre', { class: 'pgn-text', text: pgn[letters()] });
        const message = el('p', { class: 'form-message', attrs: { role: 'status' } });
        const review = button(t('pgnReview'), () => {
            review.disabled = true;
            message.textContent = t('pgnImporting');
            importGame(pgn.en)
                .then((r) => window.location.assign(r.url))
                .catch((e: unknown) => {
                    message.textContent = t('pgnImportFailed', { error: e instanceof Error ? e.message : String(e) });
                    review.disabled = false;
                });
        });
        items.push(pre, el('div', { class: 'entry-row' }, [button(t('pgnDownloadGame'), () => download(`game-${g.number}.pgn`, pgn[letters()])), review]), message);
        pre.dataset['game'] = String(g.number);
    }
    return el('article', { class: `pgn-game${g.errors.length ? ' has-errors' : ''}` }, items);
}

export function pgnPage(): HTMLElement {
    const textId = uniqueId('pgn');
    const text = el('textarea', { attrs: { id: textId, rows: '12', spellcheck: 'false', autocomplete: 'off' } });
    const fileId = uniqueId('file');
    const file = el('input', { attrs: { id: fileId, type: 'file', accept: '.pgn,application/x-chess-pgn,text/plain' } });
    const lettersId = uniqueId('letters');
    const lettersSelect = el(
        'select',
        { attrs: { id: lettersId } },
        (['en', 'de', 'de-neutral'] as const).map((l) => el('option', { text: t(LetterNames[l]), attrs: { value: l } })),
    );
    lettersSelect.value = currentLang(); // the letters of the page's language first
    const check = el('button', { class: 'primary', text: t('pgnCheck'), attrs: { type: 'submit' } });
    const status = el('p', { class: 'form-message', attrs: { role: 'status' } });
    const results = el('div', { class: 'pgn-results' });
    const downloadAll = button(t('pgnDownloadAll'), () => report && download('games.pgn', allText(report)));
    downloadAll.hidden = true;
    let report: PgnReport | null = null;
    const letters = () => lettersSelect.value as Letters;
    const allText = (r: PgnReport) => r.games.map((g) => g.pgn?.[letters()] ?? '').join('');

    const show = (r: PgnReport) => {
        report = r;
        status.textContent = t('pgnSummary', { games: r.games.length, errors: r.errors, differ: r.differ }) + (r.truncated ? ` ${t('pgnTruncated')}` : '');
        results.replaceChildren(...r.games.map((g) => gameCard(g, letters)));
        downloadAll.hidden = !r.games.some((g) => g.pgn);
    };
    const form = el('form', { class: 'pgn-form' }, [
        el('h1', { text: t('pgnTitle') }),
        el('p', { class: 'intro', text: t('pgnIntro') }),
        el('label', { text: t('pgnTextLabel'), attrs: { for: textId } }),
        text,
        el('div', { class: 'entry-row' }, [el('label', { text: t('pgnFileLabel'), attrs: { for: fileId } }), file]),
        el('div', { class: 'entry-row' }, [el('label', { text: t('pgnLettersLabel'), attrs: { for: lettersId } }), lettersSelect]),
        el('div', { class: 'entry-row' }, [check, downloadAll]),
        status,
    ]);
    file.addEventListener('change', () => {
        const f = file.files?.[0];
        if (!f) return;
        if (f.size > MaxPgnBytes) {
            status.textContent = t('pgnTooLarge', { kb: MaxPgnBytes / 1024 });
            return;
        }
        void f.text().then((s) => {
            text.value = s;
            status.textContent = t('pgnLoaded', { name: f.name });
        });
    });
    lettersSelect.addEventListener('change', () => report && show(report));
    form.addEventListener('submit', (e) => {
        e.preventDefault();
        if (new TextEncoder().encode(text.value).length > MaxPgnBytes) {
            status.textContent = t('pgnTooLarge', { kb: MaxPgnBytes / 1024 });
            return;
        }
        check.disabled = true;
        status.textContent = t('pgnChecking');
        checkPgn(text.value)
            .then(show)
            .catch((err: unknown) => {
                status.textContent = err instanceof Error ? err.message : String(err);
            })
            .finally(() => {
                check.disabled = false;
            });
    });
    return el('section', { class: 'tool-page pgn-page' }, [form, results]);
}
