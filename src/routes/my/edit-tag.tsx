import { createFileRoute } from '@tanstack/react-router';
import { EditTag } from '../../features/profile-edit';

export const Route = createFileRoute('/my/edit-tag')({
  // Header without a title: only the back button, which returns to /my/profile (replacing the entry).
  staticData: { page: { title: '' } },
  component: EditTag,
});
