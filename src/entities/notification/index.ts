export { useNotifications, type Notification } from './get-notifications';
