import { createFileRoute } from '@tanstack/react-router';
import { NotificationList } from '../features/notifications';

export const Route = createFileRoute('/alarm')({
  staticData: { page: { title: '알림' } },
  component: NotificationList,
});
