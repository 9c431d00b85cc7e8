export { useNotifications, type Notification } from './get-notifications';
export { useMarkNotificationsRead } from './mark-notifications-read';
