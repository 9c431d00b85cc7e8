import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProfileWizard } from '../../features/onboarding';

export const Route = createFileRoute('/onboarding/profile')({
  staticData: { page: { headerHidden: true } },
  component: ProfilePage,
});

function ProfilePage() {
  const navigate = useNavigate();
  // Sign-up's own mutation (entities/session) invalidates the member's views.
  return <ProfileWizard onExit={() => void navigate({ to: '/onboarding' })} onDone={() => void navigate({ to: '/onboarding/complete', replace: true })} />;
}
