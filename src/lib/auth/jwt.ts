import { decodeJwt } from 'jose';

/** The payload of a JWT, read without verifying it (the server verifies every request); null when unusable. */
function claims(token: string | null): Record<string, unknown> | null {
  if (!token) return null;
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

/** Expiry in epoch milliseconds: the client only uses it to decide when to refresh. */
export function tokenExpiresAt(token: string): number | null {
  const exp = claims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The member id (`sub`); it names the member's persisted cache and push token. */
export function tokenMemberId(token: string | null): string | null {
  const sub = claims(token)?.sub;
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
}
