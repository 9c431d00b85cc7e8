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
    for (const [, at] of during) expect(at % READ_MAX_DELAY_MS).toBeLessThanOrEqual(100);
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

  it('cancel (the room closed) drops the pending read', () => {
    const { r, reads } = reporter();
    r.seen('1');
    r.cancel();
    vi.advanceTimersByTime(READ_MAX_DELAY_MS);
    expect(reads).toEqual([]);
  });
});
