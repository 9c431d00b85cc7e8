// For the benches that time things (the leading underscore keeps `npm run bench` from running it
// alone): what the machine could do when a run began. Two sessions' machines of this project's kind
// measured the same code ~3× apart, RabbitMQ too, at the same load average (decision 0031, README):
// the load average says what else runs, not how fast the machine is. This line says that.
import { createHash } from 'node:crypto';
import { fsyncSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const at = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * One core: the median of five timings of a fixed piece of the server's kind of work (a chat page's
 * JSON written and read back, and hashed), in ms. Lower is faster.
 */
function oneCoreMs(): number {
  const page = Array.from({ length: 2_000 }, (_, i) => ({
    id: { value: String(1_000_000 + i) },
    roomId: i % 100,
    content: `점심 같이 먹을래요? ${i} `.repeat(3),
    createdAt: new Date(Date.UTC(2026, 10, 25) + i * 1_000).toISOString(),
    unreadCount: i % 2,
  }));
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    for (let i = 0; i < 20; i++) {
      const text = JSON.stringify(page);
      JSON.parse(text);
      createHash('sha256').update(text).digest();
    }
    times.push(performance.now() - start);
  }
  return round(
    at(
      times.sort((a, b) => a - b),
      0.5,
    ),
    1,
  );
}

/** The disk under the temp directory, where the benches' PGlite lives: 200 commits' worth of an 8 KB write and an fsync. */
function fsyncMs(): { fsyncP50Ms: number; fsyncP99Ms: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'lunchchat-bench-fsync-'));
  const fd = openSync(path.join(dir, 'wal'), 'w');
  const block = Buffer.alloc(8_192, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      writeSync(fd, block);
      fsyncSync(fd);
      times.push(performance.now() - start);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  return { fsyncP50Ms: round(at(times, 0.5), 2), fsyncP99Ms: round(at(times, 0.99), 2) };
}

/** The `machine` line's figures: compare them before comparing two runs' latencies. */
export function machineFacts(): { oneCoreMs: number; fsyncP50Ms: number; fsyncP99Ms: number } {
  return { oneCoreMs: oneCoreMs(), ...fsyncMs() };
}
