import { z } from 'zod';

/** Contract section 11: what a profile image may be. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export const IMAGE_EXTENSIONS: Record<string, ImageContentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Issued upload URLs expire after 5 minutes. */
export const UPLOAD_URL_TTL_SECONDS = 300;

export const presignedUrlBodySchema = z.object({
  fileName: z.string({ error: '파일 이름이 필요해요.' }).trim().min(1, '파일 이름이 필요해요.').max(200, '파일 이름이 너무 길어요.'),
});
export type PresignedUrlBody = z.input<typeof presignedUrlBodySchema>;

export interface PresignedUrlResult {
  /** PUT the file here with its content type. */
  presignedUrl: string;
  /** Then PATCH /api/members/profile-image with this. */
  s3Url: string;
}

/** The image type a file name's extension announces, if it is one of ours. */
export function imageTypeFromName(fileName: string): ImageContentType | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext ? IMAGE_EXTENSIONS[ext] : undefined;
}
