import { z } from 'zod';

// Checked at the edge (rule 4): an empty or missing value means "same origin".
const apiBaseSchema = z
  .union([z.url(), z.literal('')])
  .optional()
  .transform((value) => (value ?? '').replace(/\/+$/, ''));

/** '' = same origin: the Vite proxy in development, the API server serving dist/ in production. */
export const API_BASE: string = apiBaseSchema.parse(import.meta.env.VITE_API_URL);

/** Absolute URL of an API path; absolute so it also resolves outside a document (tests, workers). */
export function apiUrl(path: string): string {
  const base = API_BASE || globalThis.location.origin;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Where the sign-in button sends the browser (a server page that redirects to the IdP). */
export function authorizeUrl(): string {
  return `${API_BASE}/auth/authorize`;
}
