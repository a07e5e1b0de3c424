// The game page's controller without a DOM: its state after events and actions, and what it
// sends, plays and says through fake ports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameCtrl, type GamePageState, type GamePorts, gameBoard, initialState, statusLine, withEvent } from '../src/game_ctrl.js';
import { currentLang, setLang } from '../src/i18n.js';
import { type ClientMessage, type MoveText, type VersionedEvent, parseServerMessage } from '../src/protocol.js';
import { AfterE4, AfterE4E5, moveEvent, sampleState } from './fakes.js';

function event(x: unknown): VersionedEvent {
    const msg = parseServerMessage(JSON.stringify(x));
    assert.ok(msg && 'v' in msg, 'a valid versioned event');
    return msg;
}

class FakePorts implements GamePorts {
    readonly moves: Array<{ ply: number; move: MoveText }> = [];
    readonly sent: ClientMessage[] = [];
    readonly sounds: string[] = [];
    readonly said: string[] = [];
    readonly langs: string[] = [];
    reloads = 0;
    online = true;
    time = 1000;
    sendMove(ply: number, move: MoveText): void {
        this.moves.push({ ply, move });
    }
    send(message: ClientMessage): boolean {
        if (this.online) this.sent.push(message);
        return this.online;
    }
    reloadState(): void {
        this.reloads += 1;
    }
    play(sound: 'move' | 'capture' | 'check' | 'lowTime' | 'end'): void {
        this.sounds.push(sound);
    }
    unlockSound(): void {}
    announce(text: string): void {
        this.said.push(text);
    }
    eventTime(): number {
        return this.time;
    }
    now(): number {
        return this.time;
    }
    useLang(lang: 'de' | 'de-neutral' | 'en'): void {
        this.langs.push(lang);
        setLang(lang);
    }
    copy(): Promise<boolean> {
        return Promise.resolve(true);
    }
    fetchPgn(): Promise<string> {
        return Promise.resolve('');
    }
    goToRematch(): void {}
}

function setup(overrides: Record<string, unknown> = {}, watching = false) {
    setLang('en');
    const ports = new FakePorts();
    const drawn: GamePageState[] = [];
    const ctrl = new GameCtrl(initialState({ id: 'aB3dE5gH', watching, lang: 'en', notation: 'english' }), ports, (s) => drawn.push(s));
    ctrl.onEvent(event({ v: 1, t: 'state', d: sampleState(overrides) }));
    return { ctrl, ports, drawn };
}

test('game ctrl: a state event sets the game, the orientation follows the seat', () => {
    const { ctrl, drawn } = setup({ you: 'black' });
    assert.equal(ctrl.state.game?.ply, 0);
    assert.equal(ctrl.state.orientation, 'black');
    assert.equal(drawn.length, 1, 'one redraw per change');
});

test('game ctrl: a board move is sent once, the board frozen until the answer', () => {
    const { ctrl, ports } = setup();
    ctrl.playMove({ uci: 'e2e4' });
    ctrl.playMove({ uci: 'g1f3' });
    assert.deepEqual(ports.moves, [{ ply: 0, move: { uci: 'e2e4' } }]);
    assert.equal(ctrl.state.sentAt, 0);
    assert.equal(gameBoard(ctrl.state)?.movable, null, 'no second move while the first is on its way');
    ctrl.onEvent(event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)));
    assert.equal(ctrl.state.sentAt, null);
    assert.deepEqual(ports.sounds, ['move']);
    assert.deepEqual(ports.said, ['White: Pawn e4']);
});

test('game ctrl: a refusal puts the pieces back, shows the reason and frees the board', () => {
    const { ctrl, ports } = setup();
    ctrl.playMove({ uci: 'e2e4' });
    ctrl.onReply({ t: 'refusal', d: { a: 1, code: 'illegal', article: null, text: 'No.', squares: ['e2'] } });
    assert.equal(ctrl.state.sentAt, null);
    assert.deepEqual(ctrl.state.refusal, { text: 'No.', squares: ['e2'] });
    const board = gameBoard(ctrl.state);
    assert.equal(board?.snapBacks, 1);
    assert.deepEqual(board?.refused, ['e2']);
    assert.equal(board?.movable, 'white');
    assert.deepEqual(ports.said, ['Move refused: No.']);
    ctrl.playMove({ uci: 'e2e4' });
    assert.equal(ctrl.state.refusal, null, 'a new try clears the reason');
});

test('game ctrl: typed moves — bad shape, not our turn, sent', () => {
    const { ctrl, ports } = setup();
    ctrl.setTyped('zz9');
    ctrl.submitTyped();
    assert.equal(ctrl.state.typedInvalid, true);
    assert.equal(ctrl.state.entryMessage?.key, 'moveEntryBadShape');
    ctrl.setTyped('Sf3');
    ctrl.submitTyped();
    assert.deepEqual(ports.moves, [{ ply: 0, move: { san: 'Nf3' } }]);
    assert.equal(ctrl.state.typed, '');
    ctrl.setTyped('e4');
    ctrl.submitTyped();
    assert.equal(ctrl.state.entryMessage?.key, 'moveEntryNotYourTurn');
    assert.equal(ports.moves.length, 1);
});

test('game ctrl: looking back, stepping and a new move keeping the earlier position', () => {
    const { ctrl, ports } = setup({ you: 'black' });
    ctrl.onEvent(event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1)));
    ctrl.step('previous');
    assert.equal(ctrl.state.viewPly, 0);
    assert.equal(gameBoard(ctrl.state)?.fen, sampleState().fen);
    assert.equal(gameBoard(ctrl.state)?.movable, null, 'an earlier position is read-only');
    assert.match(statusLine(ctrl.state), /starting position/i);
    ctrl.step('next');
    assert.equal(ctrl.state.viewPly, null);
    assert.equal(ports.said.at(-1), 'Current position');
    ctrl.showPly(0);
    ctrl.onEvent(event(moveEvent(3, 'e7e5', 'e5', AfterE4E5, 2)));
    assert.equal(ctrl.state.viewPly, 0, 'a move does not pull the board away from an earlier position');
});

test('game ctrl: flip keeps the chosen side against the seat', () => {
    const { ctrl } = setup();
    ctrl.flip();
    assert.equal(ctrl.state.orientation, 'black');
    ctrl.onEvent(event({ v: 2, t: 'state', d: sampleState({ version: 2 }) }));
    assert.equal(ctrl.state.orientation, 'black');
});

test('game ctrl: resign asks first; sending it closes the question', () => {
    const { ctrl, ports } = setup({ ply: 2, moves: [] });
    ctrl.askResign();
    assert.equal(ctrl.state.confirmingResign, true);
    ctrl.send({ t: 'resign' });
    assert.equal(ctrl.state.confirmingResign, false);
    assert.deepEqual(ports.sent, [{ t: 'resign' }]);
    ports.online = false;
    ctrl.send({ t: 'draw', d: 'offer' });
    assert.equal(ctrl.state.notice?.key, 'reconnecting');
});

test('game ctrl: the end of the game plays the end sound and says the result', () => {
    const { ctrl, ports } = setup();
    ctrl.onEvent(event({ v: 2, t: 'end', d: { status: 'over', result: { result: '0-1', reason: 'resignation', text: 'White resigned.' } } }));
    assert.deepEqual(ports.sounds, ['end']);
    assert.deepEqual(ports.said, ['White resigned.']);
});

test('game ctrl: a spectator has no seat whatever the state says', () => {
    const { ctrl } = setup({}, true);
    assert.equal(ctrl.state.game?.you, null);
    assert.equal(gameBoard(ctrl.state)?.movable, null);
});

test('game ctrl: the language changes in the state and the server is asked for its texts again', () => {
    const { ctrl, ports } = setup();
    ctrl.setLang('de');
    assert.equal(ctrl.state.lang, 'de');
    assert.equal(currentLang(), 'de');
    assert.equal(ports.reloads, 1);
    assert.match(statusLine(ctrl.state), /Weiß/);
    ctrl.setLang('de');
    assert.equal(ports.reloads, 1, 'the same language again changes nothing');
    setLang('en');
});

test('game ctrl: the low-time sound for our own clock, at most every 20 s', () => {
    const { ctrl, ports } = setup();
    ctrl.lowTime('black');
    ctrl.lowTime('white');
    ports.time += 5000;
    ctrl.lowTime('white');
    ports.time += 20_000;
    ctrl.lowTime('white');
    assert.deepEqual(ports.sounds, ['lowTime', 'lowTime']);
});

test('game ctrl: withEvent ignores an event before the first state', () => {
    const s = initialState({ id: 'aB3dE5gH', watching: false, lang: 'en', notation: 'english' });
    assert.equal(withEvent(s, event(moveEvent(2, 'e2e4', 'e4', AfterE4, 1))), s);
});
