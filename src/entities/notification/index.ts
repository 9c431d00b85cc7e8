export { useHasUnreadNotifications, useNotifications, type Notification } from './get-notifications';
export { useMarkNotificationsRead } from './mark-notifications-read';
export { notificationKeys } from './keys';
