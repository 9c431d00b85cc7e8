/**
 * '' = same origin: the Vite proxy in development, the API server serving dist/ in production.
 * VITE_API_URL is checked where it enters, at build time (vite.config.ts): an invalid URL fails
 * the build, and the first screen does not ship a schema library just to read one string.
 */
const API_BASE: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/** Absolute URL of an API path; absolute so it also resolves outside a document (tests, workers). */
export function apiUrl(path: string): string {
  const base = API_BASE || globalThis.location.origin;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Where the sign-in button sends the browser (a server page that redirects to the IdP). */
export function authorizeUrl(): string {
  return `${API_BASE}/auth/authorize`;
}
