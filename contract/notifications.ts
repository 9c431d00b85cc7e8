import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE, type NotificationType } from './notifications-values';
// The plain values (no zod) live in ./notifications-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { type NotificationType } from './notifications-values';

const CONTENT: Record<NotificationType, (senderName: string) => string> = {
  MATCH_REQUEST: (name) => `${name}님이 런치챗을 요청했어요!`,
  MATCH_ACCEPTED: (name) => `${name}님이 런치챗을 수락했어요!`,
  // Section 15: told to the requester; the "sender" is the member the request went to.
  MATCH_EXPIRED: (name) => `${name}님에게 보낸 런치챗 요청이 만료되었어요.`,
  MEETUP_PROPOSED: (name) => `${name}님이 점심 약속을 제안했어요!`,
  MEETUP_CONFIRMED: (name) => `${name}님이 약속을 수락했어요!`,
  MEETUP_DECLINED: (name) => `${name}님이 약속을 거절했어요. 다른 시간을 제안해 보세요.`,
  MEETUP_CANCELLED: (name) => `${name}님이 약속을 취소했어요.`,
  MEETUP_REMINDER: (name) => `${name}님과의 약속이 곧 시작돼요.`,
  MEETUP_CHECKIN: (name) => `${name}님과 만났나요?`,
  // Section 16 (extension): the name is the reported member's.
  REPORT_ACTION_TAKEN: (name) => `신고하신 ${name}님을 검토해 이용 정지 조치를 했어요. 알려 주셔서 고마워요.`,
  REPORT_NO_ACTION: (name) => `신고하신 ${name}님을 검토했지만 운영 정책 위반은 확인되지 않았어요.`,
};

/** The stored content texts, exactly as contract section 6 gives them (sections 14 and 15 for the meetup and expiry types). */
export function notificationContent(type: NotificationType, senderName: string): string {
  return CONTENT[type](senderName);
}

/**
 * Section 16 (extension): the MEETUP_CANCELLED text a partner gets when an operator's suspension of
 * `name` cancelled their meetup. It says what became of the lunch and not why (a suspension is
 * between the member and the operators), and not "님이 취소했어요", which would say that `name` did it.
 */
export const cancelledWithContent = (name: string) => `${name}님과의 약속이 취소되었어요.`;

/** Push titles and the route a click opens (contract section 12). */
export const NOTIFICATION_PUSH: Record<NotificationType, { title: string; url: string }> = {
  MATCH_REQUEST: { title: '새 런치챗 요청', url: '/matching?selectTab=RECEIVED' },
  MATCH_ACCEPTED: { title: '런치챗 매칭 완료', url: '/matching?selectTab=ACCEPTED' },
  MATCH_EXPIRED: { title: '런치챗 요청 만료', url: '/alarm' },
  MEETUP_PROPOSED: { title: '약속 제안', url: '/meetups' },
  MEETUP_CONFIRMED: { title: '약속 확정', url: '/meetups' },
  MEETUP_DECLINED: { title: '약속 거절', url: '/meetups' },
  MEETUP_CANCELLED: { title: '약속 취소', url: '/meetups' },
  MEETUP_REMINDER: { title: '곧 약속 시간이에요', url: '/meetups' },
  MEETUP_CHECKIN: { title: '만났나요?', url: '/meetups' },
  REPORT_ACTION_TAKEN: { title: '신고 처리 결과', url: '/alarm' },
  REPORT_NO_ACTION: { title: '신고 처리 결과', url: '/alarm' },
};

export const notificationsQuerySchema = z.object({
  lastNotificationId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  size: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});

const notificationItemSchema = z.object({
  id: z.number().int(),
  /** One of the NotificationType values today; clients show an unknown type as plain text. */
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

/**
 * POST /api/notifications/read (extension of section 6): every notification of the caller with an
 * id at or below `lastNotificationId` is read (`isRead: true`). The /alarm screen sends the newest
 * id it showed, so a notification that arrives meanwhile stays unread.
 */
export const notificationsReadBodySchema = z.object({
  lastNotificationId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const NOTIFICATIONS_READ = 'NOTIFICATIONS_READ';
export const notificationsReadSchema = z.literal(NOTIFICATIONS_READ);

/** "M/d HH:mm" in Asia/Seoul (UTC+9 all year, no daylight saving). */
export function formatNotificationTime(date: Date): string {
  const kst = new Date(date.getTime() + 9 * 3600_000);
  const hh = String(kst.getUTCHours()).padStart(2, '0');
  const mm = String(kst.getUTCMinutes()).padStart(2, '0');
  return `${kst.getUTCMonth() + 1}/${kst.getUTCDate()} ${hh}:${mm}`;
}
