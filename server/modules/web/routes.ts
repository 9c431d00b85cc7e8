import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, sendError, isNavigation } from '../../lib/http';
import { hasAppShell, sendAppShell } from './shell';

const API_PREFIXES = ['/api/', '/auth/', '/files/', '/ws', '/healthz'];

/** Serves the built PWA from the same origin; unknown navigations get the app shell (client routing). */
export async function webRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = path.resolve(ctx.config.STATIC_DIR);
  if (hasAppShell(root)) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a new build served in place is picked up at once.
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each text file (vite.config.ts precompress); sent when accepted.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // With preCompressed this is the path of the file sent, e.g. assets/react-x.js.br.
        const rel = path.relative(root, filePath).replace(/\.(br|gz)$/, '');
        // Hashed build output never changes; the worker, manifest and shell must be revalidated.
        if (rel.startsWith(`assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
        if (rel === 'sw.js') reply.header('service-worker-allowed', '/');
      },
    });
  }

  // The root is a directory to the static handler; it is the app's home route.
  if (hasAppShell(root)) app.get('/', (request, reply) => sendAppShell(ctx, request, reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((p) => pathname.startsWith(p));
    // A missing file (has an extension) is a 404; any other page path is a client route of the app.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsJson = (request.headers.accept ?? '').startsWith('application/json');
    const pageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isFile && !wantsJson;
    if ((pageRequest || (!isApi && isNavigation(request))) && hasAppShell(root)) return sendAppShell(ctx, request, reply);
    return sendError(reply, new AppError('COMMON404'));
  });
}
