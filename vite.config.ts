import { readdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { z } from 'zod';

/** The signed-in routes of a new student's first visit: /onboarding → sign-in → home (issue 15). */
const FIRST_VISIT_ROUTES = new Set(['/auth/login/google', '/onboarding/complete', '/']);

const API_URL = process.env.API_URL ?? 'http://localhost:8080';

// The top-level manifest.webmanifest is the single source; the plugin emits it and links it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

/**
 * After sign-in the server sends the browser to the SPA route /auth/login/google, while the SPA
 * itself calls GET /auth/login/google (Accept: application/json) on the API. Only the browser
 * navigation gets index.html.
 */
function spaNavigation(req: IncomingMessage): string | undefined {
  const path = (req.url ?? '').split('?')[0];
  const navigation = req.headers['sec-fetch-mode'] === 'navigate' || (req.headers.accept ?? '').includes('text/html');
  if (path === '/auth/login/google' && req.method === 'GET' && navigation) {
    return '/index.html';
  }
  return undefined;
}

function apiProxy(): Record<string, ProxyOptions> {
  // No changeOrigin: the server sees the browser's Host and builds redirects for that origin.
  const base: ProxyOptions = { target: API_URL, changeOrigin: false, xfwd: true };
  return {
    '^/api/': base,
    '^/files/': base,
    '^/healthz': base,
    '^/ws': { ...base, ws: true },
    // /auth/authorize, /auth/local/*, /auth/callback/* and every API call always reach the API.
    '^/auth/': { ...base, bypass: (req) => spaNavigation(req) },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build, once, at build time; the server sends
 * them to browsers that accept them (@fastify/static `preCompressed`). Sent as is, react-dom alone
 * is 220 KB, about a second on a slow phone network; compressed it is ~60 KB. Runs after the
 * service worker is built (its closeBundle), so sw.js is compressed too.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'lunchchat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries
          .filter((entry) => entry.isFile() && /\.(js|mjs|css|html|svg|webmanifest|json)$/.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            // Below ~1 KB the compressed file saves less than its headers cost.
            if (body.length < 1024) return;
            await writeFile(`${file}.br`, await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
            await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
          }),
        );
      },
    },
  };
}

// The PWA's build-time settings are checked where they enter (rule 4): a bad value stops the build.
const buildEnvSchema = z.object({
  VITE_API_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
});

function checkBuildEnv(mode: string): void {
  const parsed = buildEnvSchema.safeParse(loadEnv(mode, process.cwd(), 'VITE_'));
  if (!parsed.success) throw new Error(`Invalid PWA build settings:\n${z.prettifyError(parsed.error)}`);
}

export default defineConfig(({ mode }) => {
  checkBuildEnv(mode);
  return {
    plugins: [
      // Must run before the React plugin so route files are split first.
      tanstackRouter({
        target: 'react',
        routesDirectory: './src/routes',
        generatedRouteTree: './src/route-tree.gen.ts',
        autoCodeSplitting: true,
        // The routes every first visit passes through (sign-in callback, welcome splash, home)
        // keep their components in the route file: split, each was a file of its own, fetched
        // one after the other (issue 15). They land in the `app` chunk below.
        codeSplittingOptions: { splitBehavior: ({ routeId }) => (FIRST_VISIT_ROUTES.has(routeId) ? [] : undefined) },
        quoteStyle: 'single',
      }),
      react(),
      vanillaExtractPlugin(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'index.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        manifestFilename: 'manifest.webmanifest',
        // globPatterns below already precaches public/ (icons included); listing them again duplicates entries.
        includeManifestIcons: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png}'],
          // Store-listing screenshots of the manifest are not part of the app. The operator console
          // (chunks named operator-console-*, see chunkFileNames) never reaches a student's device:
          // operators load it from the network (contract section 16).
          globIgnores: ['**/screenshot-*.png', '**/operator-console-*'],
        },
        devOptions: { enabled: false },
      }),
      precompress(),
    ],
    server: { port: 5173, strictPort: true, proxy: apiProxy() },
    preview: { port: 4173, strictPort: true, proxy: apiProxy() },
    build: {
      target: 'es2022',
      sourcemap: true,
      // index.html keeps its <link rel="modulepreload"> tags (the cold first screen's files, fetched
      // at once). Dynamic imports get none: Vite's helper inserted one <link> per dependency (about
      // 40 for the app entry) inside the start-up task, ~30 ms of it on a fast machine. The files
      // come from the service worker's cache, and a module's own imports are fetched together.
      modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
      rolldownOptions: {
        output: {
          // Chunks holding the operator console's code (features/admin, entities/admin, uPlot) get
          // a name of their own, so the service worker's precache can leave them out and
          // bench/web.ts can tell none is loaded on a student route. The /admin route's definition
          // (path, search schema, lazy loader) is not one of them: the app entry imports it.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => /[\\/]src[\\/](features|entities)[\\/]admin[\\/]|[\\/]node_modules[\\/]uplot[\\/]/.test(id))
              ? 'assets/operator-console-[hash].js'
              : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: [
              // A cold first visit over a phone network pays a round trip per file, and these
              // libraries were otherwise spread over a dozen chunks. React alone is what the
              // signed-out sign-in screen needs (src/sign-in-entry.tsx); the rest is what every
              // screen of the app runs. Firebase and the STOMP client stay out: they load only when
              // push or chat starts.
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              // The signed-out first screen's own modules, in one file rather than one per module
              // (they are shared with the app, so the bundler would split them finely).
              {
                name: 'sign-in',
                test: /[\\/]src[\\/](sign-in-entry|components[\\/](shell[\\/](sign-in-shell|offline-banner|update-toast)|ui[\\/](button|logo))|features[\\/]auth[\\/]components[\\/]login-screen|lib[\\/](auth[\\/]token-store|config|install-prompt|register-sw|router-context|sw-update|online-status))\b/,
                priority: 25,
              },
              {
                name: 'framework',
                test: /node_modules[\\/](use-sync-external-store|@tanstack|ky|idb-keyval)[\\/]/,
                priority: 20,
              },
              // The signed-in app's start, one file (issue 15: a first visit fetched ~50 small chunks,
              // most of them one after another): the app entry and every route's definition (the
              // route tree imports them all, with their loaders' entities), which include the
              // unsplit screens of FIRST_VISIT_ROUTES, with everything they import statically.
              // Every other screen stays a lazy chunk of its own.
              {
                name: 'app',
                test: /[\\/]src[\\/](app-entry\.tsx$|routes[\\/][^?]*$)/,
                priority: 15,
              },
              // A new student's profile wizard (/onboarding/profile) is two files on the first visit
              // instead of six: the form controls it shares with explore, the profiles, the editors,
              // the mentor page and the console (one small chunk those screens load too), and the
              // wizard's own code.
              {
                name: 'form-controls',
                test: /[\\/]src[\\/](components[\\/]ui[\\/](dropdown|timetable-grid|topic-picker|text-field)|entities[\\/]campus[\\/]use-campus-choices)\b/,
                priority: 13,
              },
              {
                name: 'profile-wizard',
                test: /[\\/]src[\\/](routes[\\/]onboarding[\\/]profile\.tsx\?|features[\\/]onboarding[\\/])/,
                priority: 12,
              },
              // The app-wide chat connection and the STOMP client it starts after home renders:
              // one lazy file instead of seven. The hook that starts it is in `app` (the root route).
              {
                name: 'chat-live',
                test: /[\\/]src[\\/]features[\\/]chat[\\/](live[\\/]app-chat\.ts|realtime[\\/]|outbox[\\/])|node_modules[\\/]@stomp[\\/]/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
