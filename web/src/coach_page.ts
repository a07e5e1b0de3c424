// The coach's own page (/coach): the seven opening principles in the page's language, and a game
// against the computer with the hints on.
import { createGame } from './api.js';
import { el, uniqueId } from './dom.js';
import { type MessageKey, t } from './i18n.js';
import type { Color } from './protocol.js';
import { saveCoach } from './settings.js';

const Principles: ReadonlyArray<readonly [MessageKey, MessageKey]> = [
    ['coachP1Name', 'coachP1Text'],
    ['coachP2Name', 'coachP2Text'],
    ['coachP3Name', 'coachP3Text'],
    ['coachP4Name', 'coachP4Text'],
    ['coachP5Name', 'coachP5Text'],
    ['coachP6Name', 'coachP6Text'],
    ['coachP7Name', 'coachP7Text'],
];

/** The levels offered here: the ones a beginner can beat. */
const Levels = [1, 2, 3, 4] as const;

function startForm(): HTMLFormElement {
    const levelId = uniqueId('coach-level');
    const level = el('select', { attrs: { id: levelId } }, Levels.map((n) => el('option', { text: String(n), attrs: { value: String(n) } })));
    const colorId = uniqueId('coach-color');
    const color = el('select', { attrs: { id: colorId } }, [
        el('option', { text: t('colorWhite'), attrs: { value: 'white' } }),
        el('option', { text: t('colorBlack'), attrs: { value: 'black' } }),
    ]);
    const submit = el('button', { class: 'primary', text: t('coachStart'), attrs: { type: 'submit' } });
    const message = el('p', { class: 'form-message', attrs: { role: 'status' } });
    const form = el('form', { class: 'coach-start' }, [
        el('div', { class: 'field' }, [el('label', { text: t('coachLevelLabel'), attrs: { for: levelId } }), level]),
        el('div', { class: 'field' }, [el('label', { text: t('colorLabel'), attrs: { for: colorId } }), color]),
        submit,
        message,
    ]);
    form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        submit.disabled = true;
        message.textContent = t('creatingGame');
        createGame({ mode: 'computer', level: Number(level.value), color: color.value as Color })
            .then((r) => {
                saveCoach(true);
                window.location.assign(r.urls.play);
            })
            .catch((e: unknown) => {
                message.textContent = t('createFailed', { error: e instanceof Error ? e.message : String(e) });
                submit.disabled = false;
            });
    });
    return form;
}

export function coachPage(): HTMLElement {
    return el('div', { class: 'coach-page' }, [
        el('h1', { text: t('coachPageHeading') }),
        el('p', { text: t('coachPageIntro') }),
        el(
            'ol',
            { class: 'principles' },
            Principles.map(([name, text]) => el('li', {}, [el('strong', { text: t(name) }), ' ', el('span', { text: t(text) })])),
        ),
        startForm(),
    ]);
}
