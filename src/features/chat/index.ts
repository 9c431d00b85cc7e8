export { ChatList } from './components/chat-list';
export { ChatRoom } from './components/chat-room';
export { LeaveRoomDialog } from './components/leave-room-dialog';
export { useChatFriend } from './hooks/use-chat-friend';
export { readChatFriend } from './model/friend';
