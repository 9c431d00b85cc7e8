export { BlockDialog, type BlockTarget } from './components/block-dialog';
export { BlockedList } from './components/blocked-list';
export { ChatSafetyMenu, useMessageReport } from './components/chat-safety-menu';
export { MemberSafetyActions } from './components/member-safety-actions';
export { ReportSheet, type ReportedMessage, type ReportTarget } from './components/report-sheet';
