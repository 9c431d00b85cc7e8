import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { imageTypeFromName, MAX_UPLOAD_BYTES, UPLOAD_URL_TTL_SECONDS, type ImageContentType } from '../../../contract/files';
import type { Config } from '../../config';
import { AppError } from '../../lib/http';

interface IssuedUpload {
  presignedUrl: string;
  s3Url: string;
  storageKey: string;
  /** Known at issue time only when bound into the signature (S3). */
  contentType: ImageContentType | null;
}

export interface Storage {
  kind: 'local' | 's3';
  issue(memberId: number, fileName: string, origin: string): Promise<IssuedUpload>;
}

/** The image type by its first bytes; never by name or header (contract section 11). */
export function sniffImageType(bytes: Uint8Array): ImageContentType | undefined {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const EXT: Record<ImageContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Storage keys are ours alone: a fixed folder, a UUID, an optional image extension. */
export const STORAGE_KEY_RE = /^profile\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.(jpg|png|webp|gif))?$/;

function keyFor(fileName: string, requireType: boolean): { key: string; type: ImageContentType | undefined } {
  const type = imageTypeFromName(fileName);
  const hasExtension = /\.[a-z0-9]{1,10}$/i.test(fileName.trim());
  if ((hasExtension || requireType) && !type) {
    throw new AppError('FILE_400', { fileName: 'jpg, png, webp, gif 이미지만 올릴 수 있어요.' });
  }
  return { key: `profile/${randomUUID()}${type ? `.${EXT[type]}` : ''}`, type };
}

/** The type a key's extension promises (local keys may have none). */
export function typeOfKey(key: string): ImageContentType | undefined {
  return imageTypeFromName(key);
}

// ---------- local disk: our own signed, expiring PUT URL ----------

export interface LocalStorage extends Storage {
  kind: 'local';
  root: string;
  verify(key: string, memberId: string, expires: string, signature: string): number | null;
  write(key: string, bytes: Buffer): Promise<void>;
  fileOf(key: string): string;
}

function localStorage(config: Config, secret: string): LocalStorage {
  const root = path.resolve(config.DATA_DIR, 'uploads');
  // A key of its own, derived from the app secret, so upload signatures are not JWT signatures.
  const key = createHmac('sha256', secret).update('lunchchat:files:v1').digest();
  const sign = (storageKey: string, memberId: string, expires: string) =>
    createHmac('sha256', key).update(`PUT\n${storageKey}\n${memberId}\n${expires}`).digest('base64url');

  return {
    kind: 'local',
    root,
    async issue(memberId, fileName, origin) {
      const { key: storageKey } = keyFor(fileName, false);
      const expires = String(Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS);
      const query = new URLSearchParams({ member: String(memberId), expires, signature: sign(storageKey, String(memberId), expires) });
      return {
        presignedUrl: `${origin}/files/upload/${storageKey}?${query.toString()}`,
        s3Url: `${origin}/files/${storageKey}`,
        storageKey,
        contentType: null,
      };
    },
    /** The member id the URL was issued to, or null for a forged, altered or expired URL. */
    verify(storageKey, memberId, expires, signature) {
      if (!/^\d{1,12}$/.test(memberId) || !/^\d{1,12}$/.test(expires) || !/^[\w-]{43}$/.test(signature)) return null;
      if (Number(expires) < Date.now() / 1000) return null;
      const expected = Buffer.from(sign(storageKey, memberId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? Number(memberId) : null;
    },
    async write(storageKey, bytes) {
      const file = path.join(root, storageKey);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    fileOf(storageKey) {
      return path.join(root, storageKey);
    },
  };
}

// ---------- S3-compatible: a real pre-signed PUT (AWS SDK v3) ----------

/** What the bucket holds under an issued key: an acceptable image, nothing yet, or a refused file. */
type Inspection = { contentType: ImageContentType; size: number } | 'missing' | 'refused';

export interface S3Storage extends Storage {
  kind: 's3';
  /**
   * The client PUTs straight to the bucket, so the server sees the file only afterwards: its
   * size and first bytes are checked here (contract section 11). A refused file is deleted.
   */
  inspect(storageKey: string): Promise<Inspection>;
}

/** Enough leading bytes for sniffImageType. */
const SNIFF_BYTES = 16;

async function s3Storage(config: Config): Promise<S3Storage> {
  const { S3Client, PutObjectCommand, HeadObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const bucket = config.S3_BUCKET!;
  const client = new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  const publicBase = (
    config.S3_PUBLIC_URL ??
    (config.S3_ENDPOINT ? `${config.S3_ENDPOINT.replace(/\/$/, '')}/${bucket}` : `https://${bucket}.s3.${config.S3_REGION}.amazonaws.com`)
  ).replace(/\/$/, '');

  return {
    kind: 's3',
    async issue(_memberId, fileName) {
      // The content type is signed, so the name must say which image it is.
      const { key: storageKey, type } = keyFor(fileName, true);
      const command = new PutObjectCommand({ Bucket: bucket, Key: storageKey, ContentType: type });
      const presignedUrl = await getSignedUrl(client, command, {
        expiresIn: UPLOAD_URL_TTL_SECONDS,
        signableHeaders: new Set(['content-type']),
      });
      // Pending until inspect() has seen the file: a signed content-type header proves nothing about the bytes.
      return { presignedUrl, s3Url: `${publicBase}/${storageKey}`, storageKey, contentType: null };
    },
    async inspect(storageKey) {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: storageKey }));
        size = head.ContentLength ?? 0;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return 'missing';
        throw err;
      }
      let type: ImageContentType | undefined;
      if (size > 0 && size <= MAX_UPLOAD_BYTES) {
        const start = await client.send(new GetObjectCommand({ Bucket: bucket, Key: storageKey, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
        const bytes = (await start.Body?.transformToByteArray()) ?? new Uint8Array();
        type = sniffImageType(bytes);
      }
      if (!type || type !== typeOfKey(storageKey)) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: storageKey }));
        return 'refused';
      }
      return { contentType: type, size };
    },
  };
}

export async function createStorage(config: Config, secret: string): Promise<S3Storage | LocalStorage> {
  return config.S3_BUCKET ? s3Storage(config) : localStorage(config, secret);
}
