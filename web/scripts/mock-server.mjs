// A stand-in for `schach serve` while the C++ server does not exist: serves dist/ with the
// page's Content-Security-Policy and speaks the protocol of docs/web-protocol.md for one
// scripted game (1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O, White against a "computer"
// that answers with the script). It knows no chess: a move off the script is refused. For
// trying the page by hand: `npm run build && npm run mock`, then http://127.0.0.1:8080/.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const root = new URL('../dist/', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 8080);
const Csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";
const Types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

const opening = [
    ['e2e4', 'e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'],
    ['e7e5', 'e5', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'],
    ['g1f3', 'Nf3', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'],
    ['b8c6', 'Nc6', 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'],
    ['f1b5', 'Bb5', 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3'],
    ['a7a6', 'a6', 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4'],
    ['b5c6', 'Bxc6', 'r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4'],
    ['d7c6', 'dxc6', 'r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5'],
    ['e1h1', 'O-O', 'r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5'],
];
/** White's legal-looking choices before each scripted white move (the mock refuses all but one). */
const openingDests = [
    { e2: ['e3', 'e4'], d2: ['d3', 'd4'], g1: ['f3', 'h3'], b1: ['a3', 'c3'] },
    null,
    { g1: ['f3', 'h3', 'e2'], d2: ['d3', 'd4'], f1: ['e2', 'd3', 'c4', 'b5', 'a6'] },
    null,
    { f1: ['e2', 'd3', 'c4', 'b5', 'a6'], d2: ['d3', 'd4'], f3: ['e5', 'g5', 'h4', 'g1'] },
    null,
    { b5: ['a4', 'c4', 'c6', 'a6', 'd3', 'e2', 'f1'], e1: ['e2', 'f1'] },
    null,
    { e1: ['e2', 'f1'], d2: ['d3', 'd4'] },
];
// MOCK_GAME=promotion: a pawn to promote instead (1.e8=Q+ Kb3).
const promotion = [
    ['e7e8q', 'e8=Q', '4Q3/8/8/8/8/k7/8/K7 b - - 0 1'],
    ['a3b3', 'Kb3', '4Q3/8/8/8/8/1k6/8/K7 w - - 1 2'],
];
const isPromotion = process.env.MOCK_GAME === 'promotion';
// MOCK_GAME=review: a finished game (1.f3 e5 2.g4?? Qh4#) to review and learn from: the analysis
// is asked for, runs for a few seconds with progress events, and a try is solved by Nc3 or d4.
const isReview = process.env.MOCK_GAME === 'review';
const foolsMate = [
    ['f2f3', 'f3', 'rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1'],
    ['e7e5', 'e5', 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2'],
    ['g2g4', 'g4', 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2'],
    ['d8h4', 'Qh4#', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'],
];
const script = isPromotion ? promotion : isReview ? foolsMate : opening;
const whiteDests = isPromotion ? [{ e7: ['e8'], a1: ['a2', 'b1', 'b2'] }, null] : openingDests;
const start = isPromotion ? '8/4P3/8/8/8/k7/8/K7 w - - 0 1' : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const Increment = 3000;

const game = {
    id: 'aB3dE5gH',
    ply: isReview ? foolsMate.length : 0,
    version: 1,
    clock: { white: 300_000, black: 300_000, running: null, lowTime: 30_000 },
    clockAt: Date.now(),
    events: [],
    status: isReview ? 'over' : 'created',
    sockets: new Set(),
    /** The analysis: null (not asked for), or how far it is. */
    analysis: null,
};

const mockAnalysis = {
    opening: { eco: 'A00', name: 'Barnes Opening' },
    start: { eval: { cp: 18 }, best: { uci: 'e2e4', san: 'e4' }, pv: ['e4', 'e5', 'Nf3'] },
    plies: [
        { ply: 1, san: 'f3', uci: 'f2f3', eval: { cp: -62 }, best: { uci: 'e2e4', san: 'e4' }, pv: ['e4', 'e5', 'Nf3'], judgement: 'inaccuracy', text: 'e4 was best.', phase: 'opening', wc: -0.11 },
        { ply: 2, san: 'e5', uci: 'e7e5', eval: { cp: -55 }, best: { uci: 'e7e5', san: 'e5' }, pv: ['e5'], judgement: null, text: null, phase: 'opening', wc: -0.1 },
        { ply: 3, san: 'g4', uci: 'g2g4', eval: { mate: -1 }, best: { uci: 'b1c3', san: 'Nc3' }, pv: ['Nc3', 'Nc6', 'e4'], judgement: 'blunder', text: 'This allows mate in 1: Qh4#.', phase: 'opening', wc: -1 },
        { ply: 4, san: 'Qh4#', uci: 'd8h4', eval: { mate: 0 }, best: { uci: 'd8h4', san: 'Qh4#' }, pv: ['Qh4#'], judgement: null, text: null, phase: 'opening', wc: -1 },
    ],
    players: {
        white: { accuracy: 28.4, inaccuracies: 1, mistakes: 0, blunders: 1, acpl: 512 },
        black: { accuracy: 100, inaccuracies: 0, mistakes: 0, blunders: 0, acpl: 0 },
    },
};

/** The analysis as GET answers it. */
function analysisAnswer() {
    const a = game.analysis;
    const total = foolsMate.length + 1;
    if (a.done < total) return { status: a.done === 0 ? 'queued' : 'running', progress: { done: a.done, total }, opening: null, start: null, plies: [], players: null };
    return { status: 'done', progress: { done: total, total }, ...mockAnalysis };
}

/** Runs the mock analysis: a position every 600 ms, an event each time. */
function runAnalysis() {
    game.analysis = { done: 0 };
    const step = () => {
        game.analysis.done += 1;
        const { status, progress } = analysisAnswer();
        for (const s of game.sockets) s.sendJson({ t: 'analysis', status, progress });
        if (status !== 'done') setTimeout(step, 600);
    };
    setTimeout(step, 600);
}

function clockNow() {
    const c = { ...game.clock };
    if (c.running) c[c.running] = Math.max(0, c[c.running] - (Date.now() - game.clockAt));
    return c;
}

function dests() {
    return game.ply % 2 === 0 ? (whiteDests[game.ply] ?? null) : null;
}

function state() {
    const moves = script.slice(0, game.ply).map(([uci, san, fen], i) => ({ uci, san, fen, clock: 290_000 - i * 1000 }));
    const last = moves[moves.length - 1];
    return {
        id: game.id, variant: 'standard', chess960: null, mode: 'computer', level: 3,
        tc: { text: '5+3', class: 'blitz' },
        players: { white: { kind: 'human', name: 'Du', joined: true }, black: { kind: 'engine', name: 'Schach', joined: true } },
        you: 'white', initialFen: start, fen: last?.fen ?? start, ply: game.ply, turn: game.ply % 2 ? 'black' : 'white',
        moves, lastMove: last ? [last.uci.slice(0, 2), last.uci.slice(2, 4)] : null, check: null,
        dests: dests(), castling: game.ply === 8 ? { e1: { h1: 'g1' } } : {},
        clock: clockNow(), offers: { draw: null, takeback: null, rematch: null },
        claimable: { threefold: false, fifty: false }, status: game.status, version: game.version,
        result: isReview ? { result: '0-1', reason: 'checkmate', article: '5.1.1', text: 'Schwarz gewinnt durch Schachmatt (Art. 5.1.1)' } : null,
        ...(isReview ? { mode: 'friend', level: null, tc: null, clock: null, players: { white: { kind: 'human', name: 'Du', joined: true }, black: { kind: 'human', name: 'Ben', joined: true } } } : {}),
    };
}

function broadcast(t, d) {
    game.version += 1;
    const event = { v: game.version, t, d };
    game.events.push(event);
    for (const s of game.sockets) s.sendJson(event);
}

function play(uci) {
    const [, san, fen] = script[game.ply];
    const mover = game.ply % 2 ? 'black' : 'white';
    const now = clockNow();
    now[mover] += game.ply >= 2 ? Increment : 0;
    now.running = game.ply + 1 >= 2 && game.ply + 1 < script.length ? (mover === 'white' ? 'black' : 'white') : null;
    game.clock = now;
    game.clockAt = Date.now();
    game.ply += 1;
    game.status = game.ply >= 2 ? 'started' : 'created';
    broadcast('move', {
        uci, san, fen, ply: game.ply, clock: clockNow(), lastMove: [uci.slice(0, 2), uci.slice(2, 4)], check: null,
        dests: dests(), castling: game.ply === 8 ? { e1: { h1: 'g1' } } : {},
        claimable: { threefold: false, fifty: false }, status: game.status, result: null,
    });
    if (game.ply % 2 === 1 && game.ply < script.length) setTimeout(() => play(script[game.ply][0]), 700);
}

function onClientMessage(socket, text) {
    let msg;
    try {
        msg = JSON.parse(text);
    } catch {
        socket.sendJson({ t: 'error', d: { code: 'malformed', text: 'Nachricht ist kein JSON' } });
        return;
    }
    if (msg.t === 'ping') return socket.sendJson({ t: 'pong' });
    if (msg.t === 'move') {
        const { ply, a } = msg.d;
        const uci = msg.d.uci ?? script.find(([, san]) => san === msg.d.san)?.[0];
        if (ply < game.ply && script[ply]?.[0] === uci) return socket.sendJson({ t: 'ack', d: a });
        const expected = script[game.ply];
        if (ply !== game.ply || !expected || game.ply % 2 === 1 || (uci !== expected[0] && !(expected[1] === 'O-O' && uci === 'e1g1'))) {
            const text = expected ? `Die Attrappe kennt hier nur ${expected[1]}` : 'Die Partie der Attrappe ist zu Ende';
            return socket.sendJson({ t: 'refusal', d: { a, code: 'mock', article: null, text, squares: uci ? [uci.slice(0, 2)] : [] } });
        }
        socket.sendJson({ t: 'ack', d: a });
        play(expected[0]);
        return;
    }
    if (msg.t === 'draw' && msg.d === 'offer') return broadcast('offer', { kind: 'draw', by: 'white' });
    if (msg.t === 'resign' || msg.t === 'abort') {
        game.status = msg.t === 'abort' ? 'aborted' : 'over';
        game.clock = { ...clockNow(), running: null };
        const result = msg.t === 'abort' ? null : { result: '0-1', reason: 'resignation', article: '5.1.2', text: 'Schwarz gewinnt durch Aufgabe (Art. 5.1.2)' };
        return broadcast('end', { status: game.status, result });
    }
    socket.sendJson({ t: 'refusal', d: { a: null, code: 'mock', article: null, text: `Die Attrappe kann ${msg.t} nicht`, squares: [] } });
}

// ---- A minimal WebSocket (RFC 6455): text frames, ping, close; enough for the mock ----------
function upgrade(req, socket) {
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const frame = (opcode, payload) => {
        const len = payload.length;
        const head = len < 126 ? Buffer.from([0x80 | opcode, len]) : Buffer.from([0x80 | opcode, 126, len >> 8, len & 255]);
        socket.write(Buffer.concat([head, payload]));
    };
    socket.sendJson = (obj) => frame(1, Buffer.from(JSON.stringify(obj)));
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
            if (buffer.length < 2) return;
            const opcode = buffer[0] & 15;
            let len = buffer[1] & 127;
            let at = 2;
            if (len === 126) [len, at] = [buffer.readUInt16BE(2), 4];
            else if (len === 127) [len, at] = [Number(buffer.readBigUInt64BE(2)), 10];
            if (buffer.length < at + 4 + len) return;
            const mask = buffer.subarray(at, at + 4);
            const payload = Buffer.from(buffer.subarray(at + 4, at + 4 + len).map((b, i) => b ^ mask[i % 4]));
            buffer = buffer.subarray(at + 4 + len);
            if (opcode === 8) return socket.end();
            if (opcode === 9) frame(10, payload);
            if (opcode === 1) onClientMessage(socket, payload.toString('utf8'));
        }
    });
    game.sockets.add(socket);
    socket.on('close', () => game.sockets.delete(socket));
    socket.on('error', () => game.sockets.delete(socket));
    const v = Number(new URL(req.url, 'http://x').searchParams.get('v'));
    const replay = game.events.filter((e) => e.v > v);
    if (v && v <= game.version && (replay.length === 0 || replay[0].v === v + 1)) replay.forEach((e) => socket.sendJson(e));
    else socket.sendJson({ v: game.version, t: 'state', d: state() });
}

function json(res, status, body) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
}

const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;
    if (path === '/api/v1/games' && req.method === 'POST')
        return json(res, 201, { id: game.id, color: 'white', secret: 'mock', invite: 'mockinvite', urls: { play: `/game/${game.id}`, invite: `/game/${game.id}?invite=mockinvite`, watch: `/watch/${game.id}` } });
    if (path === '/api/v1/games')
        return json(res, 200, [{ id: game.id, players: state().players, status: game.status, result: state().result, updated: new Date().toISOString() }]);
    if (path === `/api/v1/games/${game.id}`) return json(res, 200, state());
    if (path === `/api/v1/games/${game.id}/analysis` && req.method === 'POST') {
        if (game.status !== 'over') return json(res, 409, { code: 'game_not_finished', text: 'Die Partie läuft noch.' });
        if (!game.analysis) runAnalysis();
        const { status, progress } = analysisAnswer();
        return json(res, 202, { status, progress });
    }
    if (path === `/api/v1/games/${game.id}/analysis`) {
        if (!game.analysis) return json(res, 404, { code: 'analysis_not_requested', text: 'Noch keine Analyse.' });
        return json(res, 200, analysisAnswer());
    }
    if (path === `/api/v1/games/${game.id}/analysis/try` && req.method === 'POST') {
        const body = JSON.parse(await new Promise((r) => { let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => r(b)); }));
        const good = ['b1c3', 'd2d4', 'e2e4'].includes(body.uci);
        return json(res, 200, good
            ? { verdict: 'solved', san: { b1c3: 'Nc3', d2d4: 'd4', e2e4: 'e4' }[body.uci], eval: { cp: 20 }, loss: 0, best: { uci: 'b1c3', san: 'Nc3' }, text: null }
            : { verdict: 'refused', san: null, eval: { mate: -1 }, loss: 50, best: { uci: 'b1c3', san: 'Nc3' }, text: body.uci === 'g2g4' ? 'This allows mate in 1: Qh4#.' : 'Nc3 was best.' });
    }
    if (path === '/api/position' && req.method === 'POST') {
        const dests = { b1: ['a3', 'c3'], g1: ['h3', 'e2'], d2: ['d3', 'd4'], e2: ['e3', 'e4'], g2: ['g3', 'g4'], e1: ['f2'], f3: ['f4'] };
        return json(res, 200, { fen: foolsMate[1][2], turn: 'white', check: null, dests, castling: {}, tries: {} });
    }
    if (path === `/api/v1/games/${game.id}/join`) return json(res, 200, { color: 'black', secret: 'mock' });
    if (path === `/api/v1/games/${game.id}/pgn`) {
        res.writeHead(200, { 'Content-Type': 'application/x-chess-pgn' });
        return res.end(`[Event "Mock"]\n\n${script.slice(0, game.ply).map(([, san], i) => (i % 2 ? san : `${i / 2 + 1}. ${san}`)).join(' ')} *\n`);
    }
    if (path.startsWith('/api/')) return json(res, 404, { code: 'not_found', text: 'Keine solche Partie' });
    const file = extname(path) ? normalize(join(root, path)) : join(root, 'index.html');
    if (!file.startsWith(root)) return json(res, 403, { code: 'forbidden', text: 'forbidden' });
    try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': Types[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': Csp });
        res.end(body);
    } catch {
        res.writeHead(404);
        res.end();
    }
});
server.on('upgrade', (req, socket) => {
    if (req.url.startsWith(`/ws/v1/games/${game.id}`)) upgrade(req, socket);
    else socket.destroy();
});
server.listen(port, '127.0.0.1', () => console.log(`mock schach serve on http://127.0.0.1:${port}/`));
