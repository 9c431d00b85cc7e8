import { z } from 'zod';

/** Who the room is with, handed from the chat list to the room through router state. */
const chatFriendSchema = z.object({
  friendId: z.number().int().positive().optional(),
  name: z.string(),
  department: z.string().nullish(),
  imageUrl: z.string().nullish(),
});
export type ChatFriend = z.infer<typeof chatFriendSchema>;

declare module '@tanstack/react-router' {
  interface HistoryState {
    chatFriend?: ChatFriend;
  }
}

/** History state is input like any other (it survives reloads and may come from older versions). */
export function readChatFriend(state: unknown): ChatFriend | null {
  const parsed = z.object({ chatFriend: chatFriendSchema }).safeParse(state);
  return parsed.success ? parsed.data.chatFriend : null;
}
