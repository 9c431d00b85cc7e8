import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_MAX_DELAY_MS, READ_QUIET_MS, ReadReporter } from '../../src/features/chat/live/read-reporter';

/** Reads reported, with the (fake) time each went out. `random` 1: a stream's first report waits the whole second. */
function reporter(onScreen = () => true, random = () => 1) {
  const reads: Array<[string, number]> = [];
  const start = performance.now();
  const r = new ReadReporter((id) => reads.push([id, performance.now() - start]), onScreen, random);
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

  it('streams that begin together do not read together: a stream`s first report takes a random phase, the later ones keep it', () => {
    // 100 friends say hello together, then start sending every 100 ms within the same 100 ms
    // (bench/chat.ts's 100 pairs, warm-up and run): with one fixed longest wait, all 100 reads
    // reached the server within ~100 ms, every second.
    const streams = Array.from({ length: 100 }, (_, i) => ({ offset: 600 + i, ...reporter(undefined, () => i / 100) }));
    for (const { r } of streams) r.seen('hello');
    for (let t = 0; t < 5600; t++) {
      for (const { offset, r } of streams) if (t >= offset && (t - offset) % 100 === 0) r.seen(String(t));
      vi.advanceTimersByTime(1);
    }
    for (const { reads } of streams) expect(reads.shift()).toEqual(['hello', READ_QUIET_MS]);
    const firsts = streams.map(({ reads }) => reads[0]![1] - 600);
    expect(Math.min(...firsts)).toBeGreaterThanOrEqual(READ_QUIET_MS);
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(600);
    // Busiest 100 ms of the whole run: a tenth of the reads or so, not all 100 streams' reads.
    const all = streams.flatMap(({ reads }) => reads.map(([, at]) => at));
    const busiest = Math.max(...all.map((from) => all.filter((at) => at >= from && at < from + 100).length));
    expect(busiest).toBeLessThanOrEqual(30);
    // Later reports of a stream still come about every second: no more reads than before.
    for (const { reads } of streams) for (let k = 1; k < reads.length; k++) expect(reads[k]![1] - reads[k - 1]![1]).toBeGreaterThanOrEqual(READ_MAX_DELAY_MS);
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
