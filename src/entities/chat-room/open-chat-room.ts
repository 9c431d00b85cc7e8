import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { openedChatRoomSchema } from '../../../contract/chat';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

// Only what the profile needs to open the room (starterId is not used here).
type OpenedRoom = Pick<z.infer<typeof openedChatRoomSchema>, 'chatRoomId' | 'friendName' | 'friendDepartment'>;

/** POST /api/chatrooms?friendId= — the pair's room, created or re-opened. */
function openChatRoom(friendId: number): Promise<OpenedRoom> {
  return apiJson(`/api/chatrooms?friendId=${encodeURIComponent(String(friendId))}`, { method: 'POST' });
}

/**
 * Opens the pair's room (variables: the friend's id): the profile's and the list's 채팅하기, and the
 * match toast's, which outlives the card (or the page) the match was made on.
 */
export function useOpenChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openChatRoom,
    // A new or re-opened room shows in the chat list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }),
  });
}
