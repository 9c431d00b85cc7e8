import type { ReissueResult } from '../../../contract/auth';
import type { Envelope } from '../../../contract/envelope';
import { apiUrl } from '../config';
import { tokenExpiresAt } from './jwt';
import { clearAccessToken, getAccessToken, setAccessToken } from './token-store';

/** Refresh this long before the access token expires (spec sections 4 and 9). */
export const REFRESH_LEAD_MS = 60_000;

let inflight: Promise<string | null> | null = null;

async function reissue(): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/auth/reissue'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    // Offline or the API is down: the stored token may still be good, so keep it.
    return null;
  }
  const body = (await response.json().catch(() => null)) as Envelope<ReissueResult> | null;
  const token = body?.isSuccess ? body.result?.accessToken : undefined;
  if (response.ok && typeof token === 'string' && token.length > 0) {
    setAccessToken(token);
    return token;
  }
  // The refresh cookie is missing, invalid or was reused (REFRESH_400/401/403): the session is over.
  if (response.status >= 400 && response.status < 500) clearAccessToken();
  return null;
}

/**
 * POST /auth/reissue, shared: every caller during one refresh gets the same promise, because the
 * server rotates the refresh cookie and a second concurrent reissue would look like reuse.
 * Resolves the new access token, or null when the refresh failed.
 */
export function refreshAccessToken(): Promise<string | null> {
  inflight ??= reissue().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * A token that is good for at least another minute: the stored one, or a refreshed one when it
 * is within 60 s of expiry (used by the chat socket before CONNECT). Null when signed out or the
 * refresh failed.
 */
export async function ensureFreshToken(): Promise<string | null> {
  const token = getAccessToken();
  if (!token) return null;
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt !== null && expiresAt - Date.now() > REFRESH_LEAD_MS) return token;
  return refreshAccessToken();
}
