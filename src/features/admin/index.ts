export { ADMIN_TABS, AdminConsole, type AdminTab } from './components/admin-console';
export type { MentorPreviewRenderer } from './components/mentor-editor';
