import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { EditKeyword } from '../../features/profile-edit';

export const Route = createFileRoute('/my/edit-keyword')({
  // Header without a title: only the back button, which returns to /my/profile.
  staticData: { page: { title: '' } },
  component: EditKeywordPage,
});

function EditKeywordPage() {
  const navigate = useNavigate();
  // Replace: after saving or going back the edit page is not left in history.
  const toProfile = useCallback(() => void navigate({ to: '/my/profile', replace: true }), [navigate]);
  return <EditKeyword onBack={toProfile} onDone={toProfile} />;
}
