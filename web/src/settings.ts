// The choices a person makes once and the page remembers: language (also as a `lang` cookie,
// so the server can read it), piece letters and sound. Storage may be unavailable (private
// modes): then nothing is remembered and nothing breaks.
import { type Notation, isNotation } from './notation.js';

function read(key: string): string | null {
    try {
        return window.localStorage.getItem(key);
    } catch {
        return null;
    }
}

function write(key: string, value: string): void {
    try {
        window.localStorage.setItem(key, value);
    } catch {
        // Not remembered; the choice still holds for this page.
    }
}

function cookie(name: string): string | null {
    for (const part of document.cookie.split(';')) {
        const [k, ...v] = part.trim().split('=');
        if (k === name) return decodeURIComponent(v.join('='));
    }
    return null;
}

/** The remembered language code (unchecked), from the cookie or local storage. */
export function storedLang(): string | null {
    return cookie('lang') ?? read('lang');
}

export function saveLang(lang: string): void {
    write('lang', lang);
    document.cookie = `lang=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function storedNotation(): Notation | null {
    const n = read('notation');
    return isNotation(n) ? n : null;
}

export function saveNotation(notation: Notation): void {
    write('notation', notation);
}

/** Whether the coach's hints show in games against the computer (on unless turned off). */
export function storedCoach(): boolean {
    return read('coach') !== '0';
}

export function saveCoach(on: boolean): void {
    write('coach', on ? '1' : '0');
}

const SolvedKey = 'solved-exercises';

/** The ids of the rules guide's exercises solved on this device (anything unreadable: none). */
export function storedSolvedExercises(): Set<string> {
    try {
        const list: unknown = JSON.parse(read(SolvedKey) ?? '[]');
        return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.length <= 64) : []);
    } catch {
        return new Set();
    }
}

export function saveSolvedExercises(ids: ReadonlySet<string>): void {
    write(SolvedKey, JSON.stringify([...ids]));
}

export function storedMuted(): boolean {
    return read('muted') === '1';
}

export function saveMuted(muted: boolean): void {
    write('muted', muted ? '1' : '0');
}
