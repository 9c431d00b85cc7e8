// Plain values of contract/files.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of files.ts (decision 0022); the server imports them through files.ts.

/** Contract section 11: what a profile image may be. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
