import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  defaultProfileImagePath,
  IMAGE_CONTENT_TYPES,
  MAX_UPLOAD_BYTES,
  presignedUrlBodySchema,
  presignedUrlResultSchema,
  storedFileParamsSchema,
  uploadSignatureQuerySchema,
  type PresignedUrlResult,
} from '../../../contract/files';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { AppError, ok, sendError } from '../../lib/http';
import { serverDir } from '../../lib/server-dir';
import { okResponse, typed } from '../../lib/route-schemas';
import { uploadsRepo } from './repo';
import { sniffImageType, STORAGE_KEY_RE, typeOfKey, type LocalStorage, type Storage } from './storage';

export interface FilesRouteOptions {
  storage: Storage;
  /** Route config for @fastify/rate-limit (per member). */
  rateLimit: { max: number; timeWindow: number };
}

/** POST /api/aws/presigned-url (contract section 11); registered inside the signed-in /api scope. */
export async function filesApiRoutes(api: FastifyInstance, ctx: AppContext, options: FilesRouteOptions): Promise<void> {
  const uploads = uploadsRepo(ctx.db);
  const schema = { body: presignedUrlBodySchema, response: okResponse(presignedUrlResultSchema) };
  typed(api).post('/api/aws/presigned-url', { config: { rateLimit: options.rateLimit }, bodyLimit: 16 * 1024, schema }, async (request) => {
    const member = currentMember(request);
    const { fileName } = request.body;
    const origin = ctx.requestOrigin(request);
    const issued = await options.storage.issue(member.id, fileName, origin);
    await uploads.record(member.id, issued.storageKey, issued.s3Url, issued.contentType);
    const result: PresignedUrlResult = { presignedUrl: issued.presignedUrl, s3Url: issued.s3Url };
    return ok(result);
  });
}

/** Local storage only: the signed PUT target and the public, immutable file URLs. */
export async function filesPublicRoutes(app: FastifyInstance, ctx: AppContext, storage: LocalStorage): Promise<void> {
  const uploads = uploadsRepo(ctx.db);

  await app.register(async (scope) => {
    // Any body arrives as bytes; what it is gets decided by its first bytes, not by a header.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

    const uploadSchema = { params: storedFileParamsSchema, querystring: uploadSignatureQuerySchema };
    typed(scope).put('/files/upload/profile/:name', { bodyLimit: MAX_UPLOAD_BYTES, schema: uploadSchema }, async (request, reply) => {
      const key = `profile/${request.params.name}`;
      const { member, expires, signature } = request.query;
      const memberId = STORAGE_KEY_RE.test(key) ? storage.verify(key, member, expires, signature) : null;
      if (memberId === null || !(await uploads.pending(key, memberId))) throw new AppError('FILE_403');

      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('COMMON413');
      const type = sniffImageType(bytes);
      const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const promised = typeOfKey(key);
      const declaredImage = (IMAGE_CONTENT_TYPES as readonly string[]).includes(declared);
      if (
        !type ||
        (promised && promised !== type) ||
        (declaredImage && declared !== type) ||
        (declared && !declaredImage && declared !== 'application/octet-stream')
      ) {
        throw new AppError('FILE_400', { file: 'jpg, png, webp, gif 이미지(5MB 이하)만 올릴 수 있어요.' });
      }
      await storage.write(key, bytes);
      if (!(await uploads.complete(key, type, bytes.length))) throw new AppError('FILE_403');
      reply.header('cache-control', 'no-store');
      return ok();
    });
  });

  typed(app).get('/files/profile/:name', { schema: { params: storedFileParamsSchema } }, async (request, reply) => {
    const key = `profile/${request.params.name}`;
    const stored = STORAGE_KEY_RE.test(key) ? await uploads.stored(key) : undefined;
    const file = storage.fileOf(key);
    const info = stored ? await stat(file).catch(() => undefined) : undefined;
    if (!stored || !info) return sendError(reply, new AppError('COMMON404'));
    reply.header('content-type', stored.contentType!);
    reply.header('content-length', String(info.size));
    // Keys are never reused: a new photo is a new URL.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.send(createReadStream(file));
  });
}

const DEFAULT_IMAGES_DIR = path.join(serverDir, 'assets', 'profile');

/** The three default profile images (contract section 11), served whatever the storage. */
export async function defaultImageRoutes(app: FastifyInstance): Promise<void> {
  const images = new Map<string, Buffer>();
  for (const n of [1, 2, 3]) images.set(defaultProfileImagePath(n), readFileSync(path.join(DEFAULT_IMAGES_DIR, `default-${n}.png`)));
  app.get('/files/defaults/:name', async (request, reply) => {
    const image = images.get(request.url.split('?')[0]!);
    if (!image) throw new AppError('COMMON404');
    return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(image);
  });
}
