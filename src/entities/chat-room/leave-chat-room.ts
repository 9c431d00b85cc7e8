import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

/** PATCH /api/chatrooms/{roomId} — the caller leaves the room. */
async function leaveChatRoom(roomId: number): Promise<void> {
  await apiJson(`/api/chatrooms/${roomId}`, { method: 'PATCH' });
}

export function useLeaveChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveChatRoom,
    onSuccess: async (_result, roomId) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(roomId) });
      // The left room's unread messages leave the tab badge's total too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: chatKeys.rooms() }), queryClient.invalidateQueries({ queryKey: chatKeys.unread() })]);
    },
    // Spec section 8: a failed leave is only logged.
    onError: (error) => console.warn('leave chat room failed', error),
  });
}
