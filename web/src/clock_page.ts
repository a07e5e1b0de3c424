// The chess clock page (/uhr, /clock) for a phone or tablet between two players. The server reads
// the time control once (stages as data and the FIDE class); then the clock runs on the device
// (DeviceClock) with big tap areas, pause, the arbiter's corrections, the screen kept awake and
// our own sounds.
import { announce } from './announce.js';
import { ApiError } from './api.js';
import { formatClock } from './clock_format.js';
import { DeviceClock } from './device_clock.js';
import { button, el, uniqueId } from './dom.js';
import { type MessageKey, t } from './i18n.js';
import { type Color, otherColor } from './protocol.js';
import type { Sounds } from './sounds.js';
import { Awake } from './wake_lock.js';
import { type TimeControlInfo, fetchTimeControl } from './tools_api.js';

export const ClockPresets: readonly string[] = ['1+0', '3+2', '5+3', '10+5', '15+10', '90+30', '40/90+30,30+30', '5d3', '5b3', 'h3'];

/** The low-time mark of the game page: 1000 × min(60, max(10, initial s × 0.125)) ms. */
const lowTimeMs = (initialMs: number) => 1000 * Math.min(60, Math.max(10, (initialMs / 1000) * 0.125));

const now = () => performance.now();

function stagesText(info: TimeControlInfo): HTMLElement {
    return el('div', { class: 'tc-info' }, [
        el('p', { class: 'tc-text', text: info.text }),
        el('p', { class: 'tc-class' }, [
            el('strong', { text: t('clockFideClass') }),
            ' ',
            el('span', { class: 'tc-class-name', text: info.className }),
            ` (${t('clockFideClassNote')})`,
        ]),
        el('p', { class: 'tc-spec', text: t('clockSpecForms', { spec: info.spec, pgn: info.pgn }) }),
    ]);
}

export function clockPage(sounds: Sounds): HTMLElement {
    const specId = uniqueId('tc');
    const initial = new URLSearchParams(window.location.search).get('tc') ?? '5+3';
    const spec = el('input', { attrs: { id: specId, type: 'text', value: initial, spellcheck: 'false', autocomplete: 'off' } });
    const pgnId = uniqueId('pgn-form');
    const pgnForm = el('input', { attrs: { id: pgnId, type: 'checkbox' } });
    const read = el('button', { text: t('clockRead'), attrs: { type: 'submit' } });
    const info = el('div', { class: 'tc-result', attrs: { role: 'status' } });
    const start = button(t('clockSetUp'), () => info.dataset['ready'] === '1' && begin(), 'primary');
    start.disabled = true;
    const presets = el('div', { class: 'entry-row presets' }, ClockPresets.map((p) => button(p, () => {
        spec.value = p;
        pgnForm.checked = false;
        void readSpec();
    })));
    const setup = el('form', { class: 'clock-setup' }, [
        el('h1', { text: t('clockTitle') }),
        el('p', { class: 'intro', text: t('clockIntro') }),
        el('label', { text: t('clockSpecLabel'), attrs: { for: specId } }),
        el('div', { class: 'entry-row' }, [spec, read]),
        el('div', { class: 'radio' }, [pgnForm, el('label', { text: t('clockPgnForm'), attrs: { for: pgnId } })]),
        el('p', { class: 'hint', text: t('clockSpecHint') }),
        presets,
        info,
        start,
    ]);
    let control: TimeControlInfo | null = null;

    const readSpec = async () => {
        start.disabled = true;
        info.dataset['ready'] = '0';
        try {
            const text = spec.value.trim();
            let note: string | null = null;
            let read: TimeControlInfo;
            try {
                read = await fetchTimeControl(text, pgnForm.checked ? 'pgn' : 'human');
            } catch (e) {
                // Not a spec as people write it: perhaps a PGN TimeControl tag (in seconds).
                if (pgnForm.checked || !(e instanceof ApiError) || e.code !== 'time-control') throw e;
                read = await fetchTimeControl(text, 'pgn').catch(() => Promise.reject(e));
                note = t('clockReadAsPgn');
            }
            control = read;
            info.replaceChildren(stagesText(read));
            if (note) info.prepend(el('p', { class: 'tc-note', text: note }));
            if (!read.timed) info.append(el('p', { text: t('clockUntimed') }));
            else {
                start.disabled = false;
                info.dataset['ready'] = '1';
            }
        } catch (e) {
            control = null;
            info.replaceChildren(el('p', { class: 'tc-error', text: e instanceof Error ? e.message : String(e) }));
        }
        info.dataset['read'] = spec.value.trim(); // what the shown answer is for
    };
    setup.addEventListener('submit', (e) => {
        e.preventDefault();
        void readSpec();
    });

    const root = el('section', { class: 'tool-page clock-page' }, [setup]);
    const begin = () => {
        if (!control) return;
        root.replaceChildren(runningClock(control, sounds, () => {
            root.replaceChildren(setup);
        }));
    };
    void readSpec();
    return root;
}

/** The two tap areas and the bar between them. */
function runningClock(info: TimeControlInfo, sounds: Sounds, back: () => void): HTMLElement {
    const clock = new DeviceClock({ mode: info.mode === 'hourglass' ? 'hourglass' : 'periods', periods: info.periods });
    const awake = new Awake();
    const low = lowTimeMs(info.periods[0]?.baseMs ?? 0);
    const warned: Record<Color, boolean> = { white: false, black: false };
    const penaltyMs = info.class === 'classical' ? 120_000 : 60_000;
    const run = el('div', { class: 'clock-run' });
    // The two sides fill the screen below the header, whatever its height.
    const fit = () => {
        const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        run.style.setProperty('--clock-top', `${Math.max(0, Math.round(top + window.scrollY))}px`);
    };

    const area = (side: Color) => {
        const time = el('span', { class: 'dc-time', attrs: { 'aria-live': 'off' } });
        const meta = el('span', { class: 'dc-meta' });
        const flag = el('span', { class: 'dc-flag', text: t('clockFlagFallen') });
        flag.hidden = true;
        const b = el('button', { class: `dc-side dc-${side}`, attrs: { type: 'button', 'aria-label': t(side === 'white' ? 'clockWhiteSide' : 'clockBlackSide') } }, [
            el('span', { class: 'dc-name', text: t(side) }),
            time,
            meta,
            flag,
        ]);
        b.addEventListener('pointerdown', (e) => {
            e.preventDefault();
            tap(side);
        });
        b.addEventListener('keydown', (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                tap(side);
            }
        });
        return { b, time, meta, flag };
    };
    const areas = { white: area('white'), black: area('black') };
    const pause = button(t('clockStart'), () => togglePause());
    const status = el('p', { class: 'clock-status', attrs: { role: 'status' } });
    const corrections = el('details', { class: 'clock-corrections' }, [
        el('summary', { text: t('clockCorrections') }),
        ...(['white', 'black'] as const).map((side) =>
            el('div', { class: 'entry-row' }, [
                el('span', { text: t(side) }),
                button(t('clockPlus2'), () => correct(side, 120_000)),
                button(t('clockPlus10s'), () => correct(side, 10_000)),
                button(t('clockMinus10s'), () => correct(side, -10_000)),
                button(t('clockIllegalBy', { color: t(otherColor(side)), minutes: penaltyMs / 60_000 }), () => correct(side, penaltyMs, 'clockIllegalDone')),
                button(t('clockClaimBy', { color: t(otherColor(side)), minutes: penaltyMs / 60_000 }), () => correct(side, penaltyMs, 'clockClaimDone')),
            ]),
        ),
    ]);
    const bar = el('div', { class: 'clock-bar' }, [
        el('span', { class: 'clock-tc', text: `${info.spec} · ${info.className}` }),
        pause,
        button(t('clockNew'), () => {
            stop();
            back();
        }),
        corrections,
        status,
    ]);

    const render = () => {
        const n = now();
        const flagged = clock.tick(n);
        for (const side of ['white', 'black'] as const) {
            const a = areas[side];
            const left = clock.timeLeft(side, n);
            a.time.textContent = formatClock(left);
            const p = clock.periodInfo(side);
            const delay = clock.delayLeft(side, n);
            const parts = [t('clockMoves', { n: clock.moves(side) })];
            if (info.periods.length > 1 || p.movesLeft !== null) parts.push(t('clockPeriod', { n: p.index }));
            if (p.movesLeft !== null) parts.push(t('clockMovesLeft', { n: p.movesLeft }));
            if (delay > 0) parts.push(t('clockDelay', { s: (delay / 1000).toFixed(1) }));
            a.meta.textContent = parts.join(' · ');
            a.b.classList.toggle('running', clock.running === side);
            a.b.classList.toggle('low', left < low && left > 0);
            a.flag.hidden = flagged !== side;
            if (clock.running === side && left < low && !warned[side]) {
                warned[side] = true;
                sounds.play('lowTime');
            }
        }
        if (flagged && !done) {
            done = true;
            sounds.play('end');
            awake.set(false);
            pause.disabled = true;
            status.textContent = t('clockFlagOf', { color: t(flagged) });
            announce(status.textContent);
        }
    };
    let done = false;
    const timer = window.setInterval(render, 100);
    const onKey = (e: KeyboardEvent) => {
        // Space anywhere but on a control presses the clock that runs.
        if (e.key === ' ' && e.target === document.body && clock.running) {
            e.preventDefault();
            tap(clock.running);
        }
    };
    document.addEventListener('keydown', onKey);
    const stop = () => {
        window.clearInterval(timer);
        document.removeEventListener('keydown', onKey);
        window.removeEventListener('resize', fit);
        awake.dispose();
    };
    const tap = (side: Color) => {
        sounds.unlock();
        if (clock.flagged) return;
        if (!clock.active) {
            // Before the start: the player of Black presses, and White's clock runs.
            if (side === otherColor(clock.toMove)) {
                clock.start(now());
                started();
            }
            return;
        }
        if (clock.press(side, now())) sounds.play('move');
        render();
    };
    const started = () => {
        pause.textContent = t('clockPause');
        awake.set(true);
        status.textContent = '';
        render();
    };
    const togglePause = () => {
        sounds.unlock();
        if (clock.running) {
            clock.pause(now());
            pause.textContent = t('clockResume');
            awake.set(false);
            status.textContent = t('clockPaused');
        } else {
            clock.start(now());
            started();
        }
        render();
    };
    const correct = (side: Color, ms: number, done?: MessageKey) => {
        clock.adjust(side, ms);
        status.textContent = done
            ? t(done, { color: t(side), minutes: ms / 60_000 })
            : t('clockCorrected', { color: t(side), time: formatClock(clock.timeLeft(side, now())) });
        announce(status.textContent);
        render();
    };
    render();
    status.textContent = t('clockHowToStart');
    run.append(areas.black.b, bar, areas.white.b);
    window.addEventListener('resize', fit);
    requestAnimationFrame(fit);
    return run;
}
