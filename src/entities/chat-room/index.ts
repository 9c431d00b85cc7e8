export { chatKeys } from './keys';
export { chatRoomsQueryOptions, useChatRooms, type ChatRoom } from './get-chat-rooms';
export { unreadCountQueryOptions } from './get-unread-count';
export { fetchMessages, useMessages, type MessagesData, type MessagesPage } from './get-messages';
export { useLeaveChatRoom } from './leave-chat-room';
export { useOpenChatRoom } from './open-chat-room';
