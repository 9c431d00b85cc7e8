import { z } from 'zod';
import { noControlChars } from './members';
import type { ImageContentType } from './files-values';
// The plain values (no zod) live in ./files-values.ts: the PWA imports them from there (decision 0022).
export { IMAGE_CONTENT_TYPES, MAX_UPLOAD_BYTES, type ImageContentType } from './files-values';
const IMAGE_EXTENSIONS: Record<string, ImageContentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** Issued upload URLs expire after 5 minutes. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export const presignedUrlBodySchema = z.object({
  fileName: z
    .string({ error: '파일 이름이 필요해요.' })
    .trim()
    .min(1, '파일 이름이 필요해요.')
    .max(200, '파일 이름이 너무 길어요.')
    .refine((s) => noControlChars(s)),
});

export const presignedUrlResultSchema = z.object({
  /** PUT the file here with its content type. */
  presignedUrl: z.string(),
  /** Then PATCH /api/members/profile-image with this. */
  s3Url: z.string(),
});
export type PresignedUrlResult = z.infer<typeof presignedUrlResultSchema>;

/** PUT/GET /files/…/profile/{name}: the stored file's name (checked against the storage key pattern). */
export const storedFileParamsSchema = z.object({ name: z.string() });
/** The signed query of an issued upload URL; anything missing or repeated counts as empty (403, never 400). */
export const uploadSignatureQuerySchema = z.object({
  member: z.string().catch(''),
  expires: z.string().catch(''),
  signature: z.string().catch(''),
});

/**
 * Contract section 11: the existing client sets one of these three images of the original
 * deployment right after sign-up; each stands for the default image of the same number we serve.
 */
export const LEGACY_DEFAULT_PROFILE_IMAGES = [
  'https://lunchchat-images.s3.ap-northeast-2.amazonaws.com/profile-images/c76d18c6-b963-4b6b-ae36-086b5795fb69_profile-1.png',
  'https://lunchchat-images.s3.ap-northeast-2.amazonaws.com/profile-images/9b4ea47e-eca9-4397-9750-5d4ed6160fb4_profile-2.png',
  'https://lunchchat-images.s3.ap-northeast-2.amazonaws.com/profile-images/24f459e0-5301-4d04-9955-0ebd5d576cb8_profile-3.png',
] as const;
/** Where this server serves default image n (1–3). */
export const defaultProfileImagePath = (n: number) => `/files/defaults/profile-${n}.png`;
export const DEFAULT_PROFILE_IMAGE_RE = /^\/files\/defaults\/profile-([123])\.png$/;

/** The image type a file name's extension announces, if it is one of ours. */
export function imageTypeFromName(fileName: string): ImageContentType | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext ? IMAGE_EXTENSIONS[ext] : undefined;
}
