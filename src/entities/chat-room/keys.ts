/** The one key factory of the chat-room resource (/api/chatrooms), general → specific. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: () => [...chatKeys.all, 'rooms'] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
  messages: (roomId: number) => [...chatKeys.all, 'messages', roomId] as const,
};
