// Which page a path shows. `/game/{id}?learn` opens "learn from your mistakes" of that game,
// `/puzzles?mistakes` (or `/taktik?mistakes`) the trainer's "My mistakes".
import { isGameId } from './protocol.js';

export type Route =
    | { readonly page: 'home' }
    | { readonly page: 'coach' }
    | { readonly page: 'game'; readonly id: string; readonly invite: string | null; readonly learn: boolean }
    | { readonly page: 'watch'; readonly id: string }
    | { readonly page: 'rules'; readonly lang: 'de' | 'en' }
    | { readonly page: 'chess960' }
    | { readonly page: 'clock' }
    | { readonly page: 'pgn' }
    | { readonly page: 'analysis' }
    | { readonly page: 'puzzles'; readonly mistakes: boolean }
    | { readonly page: 'missing' };

/** The page for a path and query string. */
export function route(pathname: string, search: string): Route {
    if (pathname === '/' || pathname === '/index.html') return { page: 'home' };
    if (pathname === '/coach' || pathname === '/coach/') return { page: 'coach' };
    if (/^\/(analyse|analysis)\/?$/.test(pathname)) return { page: 'analysis' };
    if (/^\/regeln\/?$/.test(pathname)) return { page: 'rules', lang: 'de' };
    if (/^\/rules\/?$/.test(pathname)) return { page: 'rules', lang: 'en' };
    if (/^\/(puzzles|taktik)\/?$/.test(pathname)) return { page: 'puzzles', mistakes: new URLSearchParams(search).has('mistakes') };
    const tool = /^\/(chess960|uhr|clock|pgn)\/?$/.exec(pathname);
    if (tool) return { page: tool[1] === 'uhr' || tool[1] === 'clock' ? 'clock' : (tool[1] as 'chess960' | 'pgn') };
    const m = /^\/(game|watch)\/([^/]+)\/?$/.exec(pathname);
    if (!m || !isGameId(m[2]!)) return { page: 'missing' };
    if (m[1] === 'watch') return { page: 'watch', id: m[2]! };
    const query = new URLSearchParams(search);
    return { page: 'game', id: m[2]!, invite: query.get('invite'), learn: query.has('learn') };
}
