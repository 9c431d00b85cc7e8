import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
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
function getNotifications(lastNotificationId: number | undefined, signal?: AbortSignal): Promise<NotificationPage> {
  const search = new URLSearchParams({ size: String(NOTIFICATION_PAGE_SIZE) });
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
