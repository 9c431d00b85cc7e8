export { chatKeys } from './api/keys';
export { chatRoomsQueryOptions, fetchChatRooms, useChatRooms, type ChatRoom as ChatRoomItem } from './api/get-chat-rooms';
export { leaveChatRoom, useLeaveChatRoom } from './api/leave-chat-room';
export { fetchMessages, messagesQueryOptions, useMessages } from './api/get-messages';
export { ChatList } from './components/chat-list';
export { ChatRoom } from './components/chat-room';
export { readChatFriend, type ChatFriend } from './model/friend';
export { clearOutbox } from './outbox/outbox';
