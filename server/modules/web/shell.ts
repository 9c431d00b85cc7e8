import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/http';

const shellCache = new Map<string, { mtimeMs: number; html: string }>();

/** index.html, re-read when a new build replaced it (a deploy in place must not need a restart). */
function readShell(staticDir: string): string | null {
  const file = path.resolve(staticDir, 'index.html');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    shellCache.delete(file);
    return null;
  }
  const cached = shellCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.html;
  const html = readFileSync(file, 'utf8');
  shellCache.set(file, { mtimeMs, html });
  return html;
}

export function sendAppShell(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const html = readShell(ctx.config.STATIC_DIR);
  if (html === null) {
    // API-only deployment: send the browser to the PWA's own origin.
    if (ctx.config.APP_URL) return reply.redirect(new URL(request.url, ctx.config.APP_URL).toString());
    throw new AppError('COMMON404');
  }
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

export function hasAppShell(staticDir: string): boolean {
  return readShell(staticDir) !== null;
}
