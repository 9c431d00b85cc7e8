import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_MAX_DELAY_MS, READ_QUIET_MS, ReadReporter } from '../../src/features/chat/live/read-reporter';

/** Reads reported, with the (fake) time each went out. */
function reporter(onScreen = () => true) {
  const reads: Array<[string, number]> = [];
  const start = performance.now();
  const r = new ReadReporter((id) => reads.push([id, performance.now() - start]), onScreen);
  return { r, reads };
}

describe('when the open room reports reads (the friend`s `1`s)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('a lone message is read shortly after it arrives', () => {
    const { r, reads } = reporter();
    r.seen('7');
    vi.advanceTimersByTime(READ_QUIET_MS);
    expect(reads).toEqual([['7', READ_QUIET_MS]]);
  });

  it('a burst is acknowledged with one read of its newest message', () => {
    const { r, reads } = reporter();
    for (let i = 1; i <= 4; i++) {
      r.seen(String(i));
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(READ_QUIET_MS);
    expect(reads.map(([id]) => id)).toEqual(['4']);
  });

  it('a stream without pauses is still read within a second, not only when it stops', () => {
    // A friend sending every 100 ms for 3 s: a plain debounce reported nothing until the end.
    const { r, reads } = reporter();
    for (let i = 1; i <= 30; i++) {
      r.seen(String(i));
      vi.advanceTimersByTime(100);
    }
    const during = reads.filter(([, at]) => at < 3000);
    expect(during.length).toBeGreaterThanOrEqual(2);
    // Within a second of the first message not yet reported (the next one comes up to 100 ms after
    // a read), and not more often than every half second (the longest wait is drawn between the two).
    const gaps = during.map(([, at], i) => at - (i === 0 ? 0 : during[i - 1]![1]));
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(READ_MAX_DELAY_MS + 100);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(READ_MAX_DELAY_MS / 2);
    vi.advanceTimersByTime(READ_QUIET_MS);
    expect(reads.at(-1)![0]).toBe('30');
  });

  it('nothing is reported while the room is off screen; everything seen is reported when it is back', () => {
    let onScreen = false;
    const { r, reads } = reporter(() => onScreen);
    r.seen('1');
    r.seen('2');
    vi.advanceTimersByTime(5 * READ_MAX_DELAY_MS);
    expect(reads).toEqual([]);
    onScreen = true;
    r.resume();
    vi.advanceTimersByTime(0);
    expect(reads.map(([id]) => id)).toEqual(['2']);
  });

  it('readers whose streams began together do not report together', () => {
    // Twenty open rooms whose friends all began sending at once, every 100 ms: with one fixed
    // delay their reads would reach the server in one wave every second.
    const readers = Array.from({ length: 20 }, () => reporter());
    for (let t = 0; t < 1000; t += 100) {
      for (const { r } of readers) r.seen(String(t));
      vi.advanceTimersByTime(100);
    }
    const firstAt = readers.map(({ reads }) => reads[0]![1]);
    expect(Math.max(...firstAt) - Math.min(...firstAt)).toBeGreaterThanOrEqual(200);
  });

  it('cancel (the room closed) drops the pending read', () => {
    const { r, reads } = reporter();
    r.seen('1');
    r.cancel();
    vi.advanceTimersByTime(READ_MAX_DELAY_MS);
    expect(reads).toEqual([]);
  });
});
