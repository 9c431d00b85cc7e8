import { createFileRoute } from '@tanstack/react-router';
import { EditKeyword } from '../../features/profile-edit';

export const Route = createFileRoute('/my/edit-keyword')({
  // Header without a title: only the back button, which returns to /my/profile (replacing the entry).
  staticData: { page: { title: '' } },
  component: EditKeyword,
});
