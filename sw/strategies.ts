import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { IMAGE_CACHE } from './version';

/**
 * Navigations the server must answer itself: the API, the sign-in pages and redirects, uploaded
 * files, the socket and the health check. Every other navigation gets the cached app shell.
 */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/auth\/authorize/, /^\/auth\/local\//, /^\/auth\/callback\//, /^\/files\//, /^\/ws/, /^\/healthz/];

/** S3 (and S3-style) object hosts the profile images are served from. */
const S3_HOST = /(^|\.)s3[.-]([a-z0-9-]+\.)?amazonaws\.com$|(^|\.)s3\.[a-z0-9.-]+$/i;

/**
 * Runtime-cached images: profile images (GET image requests to our `/files/` or to S3) and the
 * built-in mentor banners under `/images/` (not precached: a student who never opens the mentor
 * page does not download four banners). API responses are never cached by the worker — offline
 * reads come from the persisted query cache.
 */
export function isRuntimeImage({ request, url, sameOrigin }: Pick<RouteMatchCallbackOptions, 'request' | 'url' | 'sameOrigin'>): boolean {
  if (request.method !== 'GET') return false;
  if (sameOrigin) {
    if (!url.pathname.startsWith('/files/') && !url.pathname.startsWith('/images/')) return false;
    return request.destination === 'image' || /\.(png|jpe?g|webp|gif|avif|svg)$/i.test(url.pathname);
  }
  return S3_HOST.test(url.hostname) && (request.destination === 'image' || /\.(png|jpe?g|webp|gif|avif)$/i.test(url.pathname));
}

/** `<img>` of another origin gives an opaque response (status 0); it still shows offline. */
const cacheOkOrOpaque: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 || response.status === 0 ? response : null),
};

export function runtimeImageStrategy(): CacheFirst {
  return new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [cacheOkOrOpaque, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  });
}
