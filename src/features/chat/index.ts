export { ChatList } from './components/chat-list';
export { ChatRoom } from './components/chat-room';
export { readChatFriend, type ChatFriend } from './model/friend';
export { clearOutbox } from './outbox/outbox';
