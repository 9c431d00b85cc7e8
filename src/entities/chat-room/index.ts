export { chatKeys } from './keys';
export { CHAT_ROOMS_PAGE_SIZE, chatRoomsQueryOptions, fetchChatRooms, useChatRooms, type ChatRoom, type ChatRoomsPage } from './get-chat-rooms';
export { fetchMessages, MESSAGES_PAGE_SIZE, messagesQueryOptions, useMessages, type MessagesData, type MessagesPage } from './get-messages';
export { leaveChatRoom, useLeaveChatRoom } from './leave-chat-room';
export { openChatRoom, useOpenChatRoom } from './open-chat-room';
