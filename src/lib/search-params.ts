/**
 * Checks for route search and path params, by hand: the route definitions are part of the app's
 * start-up chunk, and zod (its code and the schemas built when a module loads) is not (decision
 * 0022). Each returns `undefined` for anything it does not accept, so a bad link drops the value
 * rather than failing the page (what zod's `.optional().catch(undefined)` did).
 */

/** A route's search, every key optional (a link may leave any out). */
export type Search<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** A whole number in 1..max, from a number or its decimal text (`?checkin=12`, `/profile/12`). */
export function positiveInt(value: unknown, max = 2_147_483_647): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= max ? n : undefined;
}

/** A string of `min`..`max` characters (after trimming, with `trim`). */
export function text(value: unknown, { min = 0, max = Infinity, trim = false }: { min?: number; max?: number; trim?: boolean } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = trim ? value.trim() : value;
  return s.length >= min && s.length <= max ? s : undefined;
}

/** One of `choices`. */
export function oneOf<C extends string>(value: unknown, choices: readonly C[]): C | undefined {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as C) : undefined;
}

/** A path param that must be a positive id: anything else is the route's not-found/error path. */
export function idParam(value: unknown, max?: number): number {
  const id = positiveInt(value, max);
  if (id === undefined) throw new Error(`not an id: ${String(value)}`);
  return id;
}
