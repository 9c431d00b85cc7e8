import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { meQueryOptions, useMe } from '../../entities/member';
import { ProfileWizard } from '../../features/onboarding';

export const Route = createFileRoute('/onboarding/profile')({
  staticData: { page: { headerHidden: true } },
  // The name given at sign-in (Google's, or the local page's) is step 1's suggestion; the wizard
  // does not wait for it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(meQueryOptions()),
  component: ProfilePage,
});

function ProfilePage() {
  const navigate = useNavigate();
  const me = useMe();
  // Sign-up's own mutation (entities/session) invalidates the member's views.
  return (
    <ProfileWizard
      suggestedName={me.data?.memberName}
      onExit={() => void navigate({ to: '/onboarding' })}
      onDone={() => void navigate({ to: '/onboarding/complete', replace: true })}
    />
  );
}
