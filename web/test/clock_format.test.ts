import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventTime, firstMoveSeconds, formatClock, timeLeft } from '../src/clock_format.js';

test('clock: minutes and seconds from ten seconds up', () => {
    assert.equal(formatClock(65_000), '1:05');
    assert.equal(formatClock(65_999), '1:05');
    assert.equal(formatClock(10_000), '0:10');
    assert.equal(formatClock(59_999), '0:59');
    assert.equal(formatClock(300_000), '5:00');
    assert.equal(formatClock(3_723_000), '1:02:03');
});

test('clock: tenths below ten seconds, 0.0 at the end', () => {
    assert.equal(formatClock(9_400), '9.4');
    assert.equal(formatClock(9_999), '9.9');
    assert.equal(formatClock(50), '0.0');
    assert.equal(formatClock(0), '0.0');
    assert.equal(formatClock(-120), '0.0');
    assert.equal(formatClock(Number.NaN), '0.0');
});

test('clock: only the running side counts down, from the event time', () => {
    const clock = { white: 10_000, black: 20_000, running: 'white' as const, lowTime: 5_000 };
    const since = eventTime(1_000, 100); // received at 1000 ms with a 100 ms round trip
    assert.equal(since, 950);
    assert.equal(timeLeft(clock, 'white', since, 3_950), 7_000);
    assert.equal(timeLeft(clock, 'black', since, 3_950), 20_000);
    assert.equal(timeLeft(clock, 'white', since, 60_000), 0);
    assert.equal(timeLeft({ ...clock, running: null }, 'white', since, 60_000), 10_000);
});

test('first-move timer: whole seconds rounded up, never below zero', () => {
    assert.equal(firstMoveSeconds(30_000, 1000, 1000), 30);
    assert.equal(firstMoveSeconds(30_000, 1000, 1001), 30);
    assert.equal(firstMoveSeconds(30_000, 1000, 2000), 29);
    assert.equal(firstMoveSeconds(30_000, 1000, 30_500), 1);
    assert.equal(firstMoveSeconds(30_000, 1000, 31_000), 0);
    assert.equal(firstMoveSeconds(30_000, 1000, 99_000), 0);
    assert.equal(firstMoveSeconds(500, 1000, 900), 1);  // an event from the page's future: nothing elapsed
});
