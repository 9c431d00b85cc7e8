import { z } from 'zod';

/** Contract section 6; clients show unknown types as plain text. */
export const NOTIFICATION_TYPES = ['MATCH_REQUEST', 'MATCH_ACCEPTED'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The stored content texts, exactly as contract section 6 gives them. */
export function notificationContent(type: NotificationType, senderName: string): string {
  return type === 'MATCH_REQUEST' ? `${senderName}님이 런치챗을 요청했어요!` : `${senderName}님이 런치챗을 수락했어요!`;
}

/** Push titles and the route a click opens (contract section 12). */
export const NOTIFICATION_PUSH: Record<NotificationType, { title: string; url: string }> = {
  MATCH_REQUEST: { title: '새 런치챗 요청', url: '/matching?selectTab=RECEIVED' },
  MATCH_ACCEPTED: { title: '런치챗 매칭 완료', url: '/matching?selectTab=ACCEPTED' },
};

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationsQuerySchema = z.object({
  lastNotificationId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  size: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationItemSchema = z.object({
  id: z.number().int(),
  /** One of NOTIFICATION_TYPES today; clients show an unknown type as plain text. */
  type: z.string() as z.ZodType<NotificationType | (string & {})>,
  content: z.string(),
  isRead: z.boolean(),
  senderMembername: z.string().nullable(),
  senderProfileImageUrl: z.string().nullable(),
  /** "M/d HH:mm" in Korean time, e.g. "3/7 09:05". */
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationItemSchema),
  /** The last (oldest) id of this page, to pass as `lastNotificationId` for the next; null when empty. */
  lastNotificationId: z.number().int().nullable(),
  hasNext: z.boolean(),
  /** The page size asked for. */
  size: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** "M/d HH:mm" in Asia/Seoul (UTC+9 all year, no daylight saving). */
export function formatNotificationTime(date: Date): string {
  const kst = new Date(date.getTime() + 9 * 3600_000);
  const hh = String(kst.getUTCHours()).padStart(2, '0');
  const mm = String(kst.getUTCMinutes()).padStart(2, '0');
  return `${kst.getUTCMonth() + 1}/${kst.getUTCDate()} ${hh}:${mm}`;
}
