import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notificationsReadSchema } from '../../../contract/notifications';
import { apiJson } from '../../lib/http';
import { notificationKeys } from './keys';

/** POST /api/notifications/read — everything up to this id is read (contract section 6, extension). */
function markNotificationsRead(lastNotificationId: number): Promise<z.infer<typeof notificationsReadSchema>> {
  return apiJson(`/api/notifications/read`, { method: 'POST', json: { lastNotificationId } });
}

/**
 * The list keeps the highlight of what was new while it is on screen (as KakaoTalk's 새 알림 does):
 * the list's cache is not touched here, and the next visit's fetch shows them read. Offline, the mutation
 * waits for the network (TanStack Query's default networkMode), so nothing is lost.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  // The bell's dot goes; the list is left as it is (above).
  return useMutation({ mutationFn: markNotificationsRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.newest() }) });
}
