import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomToken } from './lib/crypto';
import type { Config } from './config';

/** JWT secret: from env; in development generated once and kept in DATA_DIR so sessions survive restarts. */
export function jwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
