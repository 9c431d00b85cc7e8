/**
 * The wait before the next attempt after `failures` transient failures in a row: base, 2×, 4× …
 * up to `max`, each between half and all of that, so clients do not return in one wave.
 */
export function jitteredBackoff(baseMs: number, failures: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 10));
  return ceiling / 2 + random() * (ceiling / 2);
}
