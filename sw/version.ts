/**
 * Version constants of the worker. `CACHE_VERSION` names the runtime caches: bump it when their
 * contents change shape, and activate deletes the caches of every other version. `APP_VERSION`
 * is the build's label (VITE_APP_VERSION), answered to the page for diagnostics and tests.
 */
const CACHE_VERSION = 'v1';
const CACHE_PREFIX = 'lunchchat';
export const IMAGE_CACHE = `${CACHE_PREFIX}-images-${CACHE_VERSION}`;
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'dev';

/** Caches this version keeps; every other cache of ours (and workbox's defaults) goes on activate. */
export function isOutdatedCache(name: string, keep: readonly string[]): boolean {
  if (keep.includes(name)) return false;
  return name.startsWith(`${CACHE_PREFIX}-`) || name.startsWith('workbox-');
}
