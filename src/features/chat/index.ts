export { ChatList } from './components/chat-list';
export { ChatRoom } from './components/chat-room';
export { readChatFriend } from './model/friend';
