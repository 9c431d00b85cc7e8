export { notificationKeys } from './keys';
export { getNotifications, notificationsQueryOptions, useNotifications, type Notification, type NotificationPage } from './get-notifications';
