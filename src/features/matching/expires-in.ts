const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * "n시간 후 만료" for a pending request (section 5 extension `expiresAt`), rounded up so a request
 * just sent reads the full TTL (72시간); under an hour in minutes; null when the server did not say
 * (a server before the extension) or the date is unreadable.
 */
export function expiresInLabel(expiresAt: string | undefined, now = Date.now()): string | null {
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return null;
  if (left <= MINUTE_MS) return '곧 만료';
  if (left < HOUR_MS) return `${Math.ceil(left / MINUTE_MS)}분 후 만료`;
  return `${Math.ceil(left / HOUR_MS)}시간 후 만료`;
}
