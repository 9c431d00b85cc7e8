import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chatRoomsQueryOptions } from '../../../entities/chat-room';
import type { ChatFriend } from '../model/friend';

/**
 * Who the room is with: the chat list's router state, or, opened without it (a link, a push), the
 * room list's row. The route resolves it once, so the header and the report sheet name the same person.
 */
export function useChatFriend(roomId: number, fromState: ChatFriend | null): ChatFriend | null {
  const rooms = useInfiniteQuery({ ...chatRoomsQueryOptions(), enabled: fromState === null });
  return useMemo(() => {
    if (fromState) return fromState;
    const room = rooms.data?.pages.flatMap((page) => page.data).find((item) => item.roomId === roomId);
    return room ? { friendId: room.friendId, name: room.friendName, department: room.friendDepartment, imageUrl: room.friendImageUrl } : null;
  }, [fromState, rooms.data, roomId]);
}
