import { createHash, randomBytes } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets (refresh tokens, one-time codes) are stored only as hashes. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
