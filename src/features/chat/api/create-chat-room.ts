import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/http';
import { chatKeys } from './keys';

const createdRoomSchema = z.object({
  chatRoomId: z.number(),
  starterId: z.number().optional(),
  friendName: z.string(),
  friendDepartment: z.string().nullish(),
});
export type CreatedChatRoom = z.infer<typeof createdRoomSchema>;

/** POST /api/chatrooms?friendId= — the pair's room, created or re-opened. */
export function createChatRoom(friendId: number): Promise<CreatedChatRoom> {
  return apiJson(`/api/chatrooms?friendId=${encodeURIComponent(String(friendId))}`, { method: 'POST' }, createdRoomSchema);
}

export function useCreateChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatRoom,
    // A new or re-opened room shows up in the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }),
  });
}
