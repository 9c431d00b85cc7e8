export { notificationKeys } from './api/keys';
export { fetchNotifications, notificationsQueryOptions, useNotifications, type Notification } from './api/get-notifications';
export { NotificationList, notificationTab } from './components/notification-list';
