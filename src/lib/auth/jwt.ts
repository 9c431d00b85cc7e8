import { z } from 'zod';

const payloadSchema = z.object({ exp: z.number() }).loose();

/**
 * Expiry of a JWT in epoch milliseconds, read from the payload without verifying it: the client
 * only uses it to decide when to refresh; the server verifies every request.
 */
export function tokenExpiresAt(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const parsed = payloadSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.exp * 1000 : null;
  } catch {
    return null;
  }
}
