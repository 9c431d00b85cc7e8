/** Who the room is with, handed from the chat list to the room through router state. */
export interface ChatFriend {
  friendId?: number;
  name: string;
  department?: string | null;
  imageUrl?: string | null;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    chatFriend?: ChatFriend;
  }
}

const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/**
 * History state is input like any other (it survives reloads and may come from older versions).
 * Checked by hand: the chat's screens load no zod (decision 0022).
 */
export function readChatFriend(state: unknown): ChatFriend | null {
  const friend = typeof state === 'object' && state !== null ? (state as { chatFriend?: unknown }).chatFriend : undefined;
  if (typeof friend !== 'object' || friend === null) return null;
  const { friendId, name, department, imageUrl } = friend as Record<string, unknown>;
  if (friendId !== undefined && !(Number.isInteger(friendId) && (friendId as number) > 0)) return null;
  if (typeof name !== 'string' || !optionalText(department) || !optionalText(imageUrl)) return null;
  return {
    ...(friendId === undefined ? {} : { friendId: friendId as number }),
    name,
    ...(department === undefined ? {} : { department: department as string | null }),
    ...(imageUrl === undefined ? {} : { imageUrl: imageUrl as string | null }),
  };
}
