// The keyboard way to move: a text field taking UCI (e2e4, e7e8q) or SAN in German or English
// letters. Only the shape is checked here; the server says whether the move is legal.
import { el, uniqueId } from './dom.js';
import { t } from './i18n.js';
import { type TypedMove, parseTypedMove } from './move_parse.js';

export class MoveEntry {
    readonly el: HTMLFormElement;
    private readonly input: HTMLInputElement;
    private readonly submit: HTMLButtonElement;
    private readonly message: HTMLElement;

    /** `onMove` gets a well-shaped move and the text as typed; it returns whether it was sent. */
    constructor(private readonly onMove: (move: TypedMove, text: string) => boolean, onInput: () => void) {
        const id = uniqueId('move-entry');
        const messageId = `${id}-message`;
        this.input = el('input', {
            class: 'move-input',
            attrs: {
                id,
                type: 'text',
                autocomplete: 'off',
                autocapitalize: 'off',
                spellcheck: 'false',
                enterkeyhint: 'send',
                'aria-describedby': messageId,
            },
        });
        this.submit = el('button', { text: t('moveEntrySubmit'), attrs: { type: 'submit' } });
        this.message = el('p', { class: 'entry-message', attrs: { id: messageId } });
        this.el = el('form', { class: 'move-entry' }, [
            el('label', { text: t('moveEntryLabel'), attrs: { for: id } }),
            el('div', { class: 'entry-row' }, [this.input, this.submit]),
            this.message,
        ]);
        this.el.addEventListener('submit', (ev) => {
            ev.preventDefault();
            this.send();
        });
        this.input.addEventListener('input', () => {
            this.input.removeAttribute('aria-invalid');
            onInput();
        });
    }

    /** The move typed so far, if it has a move's shape (a claim may carry it). */
    typedMove(): TypedMove | null {
        return parseTypedMove(this.input.value);
    }

    setEnabled(enabled: boolean): void {
        this.input.disabled = !enabled;
        this.submit.disabled = !enabled;
    }

    showMessage(text: string): void {
        this.message.textContent = text;
    }

    clear(): void {
        this.input.value = '';
    }

    focus(): void {
        this.input.focus();
    }

    private send(): void {
        const text = this.input.value.trim();
        if (text === '') return;
        const move = parseTypedMove(text);
        if (!move) {
            this.input.setAttribute('aria-invalid', 'true');
            this.showMessage(t('moveEntryBadShape', { text }));
            return;
        }
        if (this.onMove(move, text)) {
            this.showMessage(t('moveEntrySent', { text }));
            this.clear();
        }
    }
}
