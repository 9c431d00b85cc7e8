import { notificationContent, type NotificationType } from '../../contract/notifications';
import type { Db } from './client';
import { notifications } from './schema';

/** A transaction or the database: notifications are written in the same transaction as their cause. */
type Writer = Pick<Db, 'insert'>;

/**
 * Every module that causes a notification (matches today) writes it through here, inside its own
 * transaction; only the notifications module reads them.
 */
/**
 * `senderId` null: the operators' own notifications (section 16's report outcomes), which name no member as sender.
 * `content`: a text of the type other than section 6's (a meetup a suspension cancelled, section 16).
 */
export async function insertNotification(
  tx: Writer,
  recipientId: number,
  senderId: number | null,
  type: NotificationType,
  senderName: string,
  content = notificationContent(type, senderName),
) {
  await tx.insert(notifications).values({ recipientId, senderId, type, content });
}
