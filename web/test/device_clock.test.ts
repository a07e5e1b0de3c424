import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceClock } from '../src/device_clock.js';
import type { Period } from '../src/tools_api.js';

const period = (p: Partial<Period>): Period => ({ moves: 0, baseMs: 60_000, incrementMs: 0, delayMs: 0, delay: 'none', ...p });

test('device clock: 1+0 flags White after a minute, not before', () => {
    const c = new DeviceClock({ mode: 'periods', periods: [period({})] });
    c.start(1000);
    assert.equal(c.running, 'white');
    assert.equal(c.tick(60_999), null);
    assert.equal(c.timeLeft('white', 31_000), 30_000);
    assert.equal(c.tick(61_000), 'white');
    assert.equal(c.running, null);
    assert.equal(c.press('white', 61_500), false);
});

test('device clock: increment after each move; pause keeps the time', () => {
    const c = new DeviceClock({ mode: 'periods', periods: [period({ baseMs: 180_000, incrementMs: 2000 })] });
    c.start(0);
    assert.ok(c.press('white', 10_000));
    assert.equal(c.timeLeft('white', 10_000), 172_000);
    assert.equal(c.running, 'black');
    c.pause(15_000);
    assert.equal(c.timeLeft('black', 99_000), 175_000);
    c.start(100_000);
    assert.equal(c.timeLeft('black', 105_000), 170_000);
    assert.equal(c.press('white', 106_000), false, 'only the running side presses');
});

test('device clock: simple delay counts first, Bronstein gives back at the press', () => {
    const simple = new DeviceClock({ mode: 'periods', periods: [period({ delayMs: 5000, delay: 'simple' })] });
    simple.start(0);
    assert.equal(simple.timeLeft('white', 4000), 60_000);
    assert.equal(simple.delayLeft('white', 4000), 1000);
    assert.equal(simple.timeLeft('white', 8000), 57_000);
    simple.press('white', 8000);
    assert.equal(simple.timeLeft('white', 8000), 57_000);
    const bronstein = new DeviceClock({ mode: 'periods', periods: [period({ delayMs: 5000, delay: 'bronstein' })] });
    bronstein.start(0);
    assert.equal(bronstein.timeLeft('white', 4000), 56_000);
    bronstein.press('white', 4000);
    assert.equal(bronstein.timeLeft('white', 4000), 60_000);
});

test('device clock: a period with a move count adds the next period after its last move', () => {
    const c = new DeviceClock({ mode: 'periods', periods: [period({ moves: 2, baseMs: 10_000, incrementMs: 1000 }), period({ baseMs: 5000, incrementMs: 1000 })] });
    c.start(0);
    c.press('white', 1000); // 10 - 1 + 1 = 10
    c.press('black', 2000);
    assert.deepEqual(c.periodInfo('white'), { index: 1, movesLeft: 1 });
    c.press('white', 4000); // 10 - 2 + 1 = 9, + 5 for the next period
    assert.equal(c.timeLeft('white', 4000), 14_000);
    assert.deepEqual(c.periodInfo('white'), { index: 2, movesLeft: null });
});

test('device clock: hourglass moves the time used to the opponent; corrections add time', () => {
    const c = new DeviceClock({ mode: 'hourglass', periods: [period({ baseMs: 60_000 })] });
    c.start(0);
    assert.equal(c.timeLeft('black', 10_000), 70_000);
    c.press('white', 10_000);
    assert.equal(c.timeLeft('white', 10_000), 50_000);
    assert.equal(c.timeLeft('black', 10_000), 70_000);
    c.adjust('white', 120_000);
    assert.equal(c.timeLeft('white', 10_000), 170_000);
    c.adjust('black', -1_000_000);
    assert.equal(c.tick(10_001), 'black');
});
