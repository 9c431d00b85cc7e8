import { and, eq, lte, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';

export interface NotificationRow {
  id: number;
  type: string;
  content: string;
  is_read: boolean;
  sender_name: string | null;
  sender_image: string | null;
  created_ms: number;
}

/** Newest first, `id < before` when given; one row more than asked tells whether there is a next page. */
export function notificationsPage(db: Db, recipientId: number, before: number | undefined, limit: number): Promise<NotificationRow[]> {
  // Prepared with one generic plan (server/db/prepared.ts): the notifications tab polls it.
  return preparedRows<NotificationRow>(
    db,
    sql`select n.id, n.type, n.content, n.is_read, coalesce(s.membername, s.account_name) as sender_name,
               s.profile_image_url as sender_image, (extract(epoch from n.created_at) * 1000)::float8 as created_ms
          from notifications n left join members s on s.id = n.sender_id
         where n.recipient_id = ${recipientId} ${before === undefined ? sql`` : sql`and n.id < ${before}`}
         order by n.id desc
         limit ${limit}`,
  );
}

/** The recipient's notifications up to `upTo` (id) are read; how many changed. */
export async function markNotificationsRead(db: Db, recipientId: number, upTo: number): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), lte(notifications.id, upTo), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return changed.length;
}
