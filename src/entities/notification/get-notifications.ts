import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../../../contract/notifications-values';
import type { notificationPageSchema, NotificationItem } from '../../../contract/notifications';
import { apiJson } from '../../lib/http';
import { notificationKeys } from './keys';

export type Notification = NotificationItem;

// The page size echoed back is not needed here.
type Page = z.infer<typeof notificationPageSchema>;
export type NotificationPage = Omit<Page, 'size'> & Partial<Pick<Page, 'size'>>;

/** GET /api/notifications?lastNotificationId&size (cursor: the oldest id of the previous page). */
function getNotifications(lastNotificationId: number | undefined, signal?: AbortSignal, size = NOTIFICATION_PAGE_SIZE): Promise<NotificationPage> {
  const search = new URLSearchParams({ size: String(size) });
  if (lastNotificationId !== undefined) search.set('lastNotificationId', String(lastNotificationId));
  return apiJson(`/api/notifications?${search.toString()}`, { signal });
}

const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasNext && last.lastNotificationId != null ? last.lastNotificationId : undefined),
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/**
 * Whether the newest notification is unread: the bell's dot. Reading marks everything up to the
 * newest shown (mark-notifications-read.ts), so an unread one is always the newest, and one row
 * says it. Refetched with the rest of the notifications (a new one's event:notification, a read).
 */
export function useHasUnreadNotifications(enabled: boolean): boolean {
  const query = useQuery({
    queryKey: notificationKeys.newest(),
    queryFn: ({ signal }) => getNotifications(undefined, signal, 1),
    select: (page) => page.notifications[0]?.isRead === false,
    enabled,
  });
  return enabled && query.data === true;
}
