import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { EditTag } from '../../features/profile-edit';

export const Route = createFileRoute('/my/edit-tag')({
  // Header without a title: only the back button, which returns to /my/profile.
  staticData: { page: { title: '' } },
  component: EditTagPage,
});

function EditTagPage() {
  const navigate = useNavigate();
  // Replace: after saving or going back the edit page is not left in history.
  const toProfile = useCallback(() => void navigate({ to: '/my/profile', replace: true }), [navigate]);
  return <EditTag onBack={toProfile} onDone={toProfile} />;
}
