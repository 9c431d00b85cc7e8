import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Builds the CSP once: no inline scripts or styles anywhere (the build emits files only). */
function contentSecurityPolicy(config: Config): string {
  const connect = new Set(["'self'", 'https://*.googleapis.com']);
  if (config.PUBLIC_URL) {
    const api = new URL(config.PUBLIC_URL);
    connect.add(api.origin);
    connect.add(`${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`);
  }
  if (config.S3_BUCKET) connect.add(config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : 'https://*.amazonaws.com');
  const formAction = new Set(["'self'", ...config.corsOrigins]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    `form-action ${[...formAction].join(' ')} https://accounts.google.com`,
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    reply.header('content-security-policy', csp);
    // HSTS only means something over TLS (directly or via a trusted proxy's X-Forwarded-Proto).
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
