import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

const roomSchema = z.object({ chatRoomId: z.number(), friendName: z.string(), friendDepartment: z.string().nullish() });

/** POST /api/chatrooms?friendId= — the pair's room, created or re-opened. */
export function openChatRoom(friendId: number) {
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
