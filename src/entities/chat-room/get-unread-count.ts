import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import type { chatUnreadSchema, ChatUnread } from '../../../contract/chat';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

/** GET /api/chatrooms/unread — the caller's unread messages over all their rooms (the tab badge). */
function fetchUnreadCount(signal?: AbortSignal): Promise<ChatUnread> {
  return apiJson<z.infer<typeof chatUnreadSchema>>('/api/chatrooms/unread', { signal });
}

/**
 * Fetched on start and whenever invalidated (a reconnect, leaving a room); between fetches
 * `event:room`'s `totalUnreadCount` is written straight into this query.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.unread(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
  });
