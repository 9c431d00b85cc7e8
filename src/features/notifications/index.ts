export { NotificationList, notificationTab } from './components/notification-list';
