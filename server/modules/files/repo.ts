import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';

/**
 * Every issued upload URL is recorded, so PATCH profile-image can accept only URLs this
 * deployment issued to this member. `content_type` is set once the file is known to be there and
 * to be an image by its bytes: on arrival (local storage) or when first used (S3, `inspect`).
 */
export function uploadsRepo(db: Db) {
  return {
    async record(memberId: number, storageKey: string, url: string, contentType: string | null) {
      await db.insert(uploads).values({ memberId, storageKey, url, contentType });
    },

    async pending(storageKey: string, memberId: number) {
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.storageKey, storageKey), eq(uploads.memberId, memberId), isNull(uploads.contentType)))
        .limit(1);
      return rows[0];
    },

    /** Marks an upload complete; false when it already was (URLs are single use). */
    async complete(storageKey: string, contentType: string, size: number): Promise<boolean> {
      const rows = await db
        .update(uploads)
        .set({ contentType, size })
        .where(and(eq(uploads.storageKey, storageKey), isNull(uploads.contentType)))
        .returning({ id: uploads.id });
      return rows.length > 0;
    },

    async stored(storageKey: string) {
      const rows = await db
        .select({ contentType: uploads.contentType, size: uploads.size })
        .from(uploads)
        .where(and(eq(uploads.storageKey, storageKey), isNotNull(uploads.contentType)))
        .limit(1);
      return rows[0];
    },

    /** The storage key of an upload issued to this member for `url` whose file has not been seen yet. */
    async pendingByUrl(memberId: number, url: string): Promise<string | undefined> {
      const rows = await db
        .select({ storageKey: uploads.storageKey })
        .from(uploads)
        .where(and(eq(uploads.memberId, memberId), eq(uploads.url, url), isNull(uploads.contentType)))
        .limit(1);
      return rows[0]?.storageKey;
    },

    async isUsableProfileImage(memberId: number, url: string): Promise<boolean> {
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.memberId, memberId), eq(uploads.url, url), isNotNull(uploads.contentType)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type UploadsRepo = ReturnType<typeof uploadsRepo>;
