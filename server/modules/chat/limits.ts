/** Buckets untouched for this long are full again and forgotten, so the maps stay small. */
const SWEEP_EVERY_MS = 60_000;

export interface Rate {
  perSecond: number;
  burst: number;
}

/**
 * A token bucket per member (contract section 17 `CHAT_RATE`), shared by all of a member's
 * connections on this instance: `burst` tokens, refilled at `perSecond`.
 */
export function memberRateLimiter(rate: Rate, now: () => number = Date.now) {
  const buckets = new Map<number, { tokens: number; at: number }>();
  let sweptAt = now();
  const idleFullMs = (rate.burst / rate.perSecond) * 1000;
  return {
    /** Takes one token; false when the member has none left (the SEND is refused). */
    take(memberId: number): boolean {
      const t = now();
      if (t - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = t;
        for (const [id, b] of buckets) if (t - b.at > idleFullMs) buckets.delete(id);
      }
      const bucket = buckets.get(memberId) ?? { tokens: rate.burst, at: t };
      bucket.tokens = Math.min(rate.burst, bucket.tokens + ((t - bucket.at) / 1000) * rate.perSecond);
      bucket.at = t;
      buckets.set(memberId, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}

/** At most one event per member per `intervalMs` (typing); the rest are dropped without a word. */
export function memberThrottle(intervalMs: number, now: () => number = Date.now) {
  const last = new Map<number, number>();
  let sweptAt = now();
  return {
    allow(memberId: number): boolean {
      const t = now();
      if (t - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = t;
        for (const [id, at] of last) if (t - at >= intervalMs) last.delete(id);
      }
      const previous = last.get(memberId);
      if (previous !== undefined && t - previous < intervalMs) return false;
      last.set(memberId, t);
      return true;
    },
  };
}
