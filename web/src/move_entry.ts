// The keyboard way to move: a text field taking UCI (e2e4, e7e8q) or SAN in German or English
// letters. The controller checks only its shape (game_ctrl.ts); the server says whether the move
// is legal.
import { el, uniqueId } from './dom.js';
import { t } from './i18n.js';

export class MoveEntry {
    readonly el: HTMLFormElement;
    private readonly input: HTMLInputElement;
    private readonly submit: HTMLButtonElement;
    private readonly message: HTMLElement;

    /** `onSubmit`: the field was sent (Enter or the button); `onInput`: its text changed. */
    constructor(onSubmit: () => void, onInput: (text: string) => void) {
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
            onSubmit();
        });
        this.input.addEventListener('input', () => onInput(this.input.value));
    }

    /** Shows the field: enabled or not, its text, whether that text is no move, a message. */
    render(enabled: boolean, typed: string, invalid: boolean, message: string): void {
        this.input.disabled = !enabled;
        this.submit.disabled = !enabled;
        if (this.input.value !== typed) this.input.value = typed;
        if (invalid) this.input.setAttribute('aria-invalid', 'true');
        else this.input.removeAttribute('aria-invalid');
        this.message.textContent = message;
    }
}
