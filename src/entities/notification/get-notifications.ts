import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../../../contract/notifications';
import { apiJson } from '../../lib/http';
import { notificationKeys } from './keys';

const notificationSchema = z.object({
  id: z.number(),
  // Extensions may add types: unknown ones are shown as text (contract section 6).
  type: z.string(),
  content: z.string(),
  isRead: z.boolean().optional(),
  senderMembername: z.string().nullish(),
  senderProfileImageUrl: z.string().nullish(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  lastNotificationId: z.number().nullish(),
  hasNext: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications?lastNotificationId&size (cursor: the oldest id of the previous page). */
export function getNotifications(lastNotificationId: number | undefined, signal?: AbortSignal): Promise<NotificationPage> {
  const search = new URLSearchParams({ size: String(NOTIFICATION_PAGE_SIZE) });
  if (lastNotificationId !== undefined) search.set('lastNotificationId', String(lastNotificationId));
  return apiJson(`/api/notifications?${search.toString()}`, { signal }, notificationPageSchema);
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasNext && last.lastNotificationId != null ? last.lastNotificationId : undefined),
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
