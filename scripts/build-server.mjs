// `npm run build:server`: the API server as one JavaScript file, dist-server/index.mjs, which
// `npm run serve` (and so `npm start`) runs with plain node. Running from source needs tsx's
// loader: a second V8 isolate for its module hooks and every module's transpiled text kept in
// memory, ~60 MB of the server's RSS (decision 0025). Packages stay in node_modules (not
// bundled); the files the server reads at run time stay in server/ (server/lib/server-dir.ts).
import { build } from 'esbuild';

/**
 * @param {string} entry  a TypeScript entry point
 * @param {string} outfile  where the bundle goes
 */
export async function bundleServer(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // For a debugger or `node --enable-source-maps` when a stack needs the TypeScript lines.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleServer('server/index.ts', 'dist-server/index.mjs');
