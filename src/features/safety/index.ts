export { BlockedList } from './components/blocked-list';
export { ChatSafetyMenu, useMessageReport } from './components/chat-safety-menu';
export { MemberSafetyActions } from './components/member-safety-actions';
