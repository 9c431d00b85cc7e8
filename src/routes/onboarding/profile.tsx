import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { memberKeys } from '../../features/member';
import { ProfileWizard } from '../../features/onboarding';

export const Route = createFileRoute('/onboarding/profile')({
  staticData: { page: { headerHidden: true } },
  component: ProfilePage,
});

function ProfilePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ProfileWizard
      onExit={() => void navigate({ to: '/onboarding' })}
      onDone={() => {
        // Sign-up changed the member's own data (name, department, tags).
        void queryClient.invalidateQueries({ queryKey: memberKeys.all });
        void navigate({ to: '/onboarding/complete', replace: true });
      }}
    />
  );
}
