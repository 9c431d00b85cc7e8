import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openedChatRoomSchema } from '../../../contract/chat';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

// Only what the profile needs to open the room (starterId is not used here).
const roomSchema = openedChatRoomSchema.pick({ chatRoomId: true, friendName: true, friendDepartment: true });

/** POST /api/chatrooms?friendId= — the pair's room, created or re-opened. */
function openChatRoom(friendId: number) {
  return apiJson(`/api/chatrooms?friendId=${encodeURIComponent(String(friendId))}`, { method: 'POST' }, roomSchema);
}

export function useOpenChatRoom(friendId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openChatRoom(friendId),
    // A new or re-opened room shows in the chat list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }),
  });
}
