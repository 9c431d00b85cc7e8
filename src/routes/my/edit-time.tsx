import { createFileRoute } from '@tanstack/react-router';
import { EditTime } from '../../features/profile-edit';

export const Route = createFileRoute('/my/edit-time')({
  // Header without a title: only the back button, which returns to /my/profile (replacing the entry).
  staticData: { page: { title: '' } },
  component: EditTime,
});
