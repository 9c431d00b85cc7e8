import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's `server/` folder, where the files the server reads at run time live (migrations,
 * database functions, PGlite's worker and init scripts, the default profile images). Found from
 * this module's own URL, which is server/lib/server-dir.ts when the server runs from source (tsx,
 * tests) and the bundle's when it runs built (`npm run build`: dist-server/index.mjs) or as a
 * bench child bundled under node_modules/.cache: the nearest folder upwards that is, or holds, a
 * `server/` with `db/migrations` in it.
 */
function findServerDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const candidate of [dir, path.join(dir, 'server')]) {
      if (path.basename(candidate) === 'server' && existsSync(path.join(candidate, 'db', 'migrations'))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error(`no server/ folder above ${from}`);
  }
}

export const serverDir = findServerDir(path.dirname(fileURLToPath(import.meta.url)));
