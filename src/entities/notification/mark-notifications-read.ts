import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notificationsReadSchema } from '../../../contract/notifications';
import { apiJson } from '../../lib/http';
import type { NotificationPage } from './get-notifications';
import { notificationKeys } from './keys';

/** POST /api/notifications/read — everything up to this id is read (contract section 6, extension). */
function markNotificationsRead(lastNotificationId: number): Promise<z.infer<typeof notificationsReadSchema>> {
  return apiJson(`/api/notifications/read`, { method: 'POST', json: { lastNotificationId } });
}

/**
 * The list keeps the highlight of what was new while it is on screen (as KakaoTalk's 새 알림 does):
 * the list's cache is not touched here, and the next visit's fetch shows them read. The bell's dot
 * goes at once (the newest one is marked read in the cache, so leaving the list right away, or a
 * reload of the persisted cache, does not show it again), and is asked of the server once the
 * read is stored. Offline, the mutation waits for the network (TanStack Query's default
 * networkMode); after a reload the list reports what it shows again.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (lastNotificationId) => {
      // A fetch of the newest under way may have been answered before the read: it is dropped.
      await queryClient.cancelQueries({ queryKey: notificationKeys.newest(), exact: true });
      queryClient.setQueryData<NotificationPage>(notificationKeys.newest(), (page) =>
        page ? { ...page, notifications: page.notifications.map((n) => (n.id <= lastNotificationId ? { ...n, isRead: true } : n)) } : page,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.newest() }),
  });
}
