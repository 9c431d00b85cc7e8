import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { meQueryOptions, useMe } from '../../entities/member';
import { ProfileWizard } from '../../features/onboarding';
import { clearSignUpPending } from '../../lib/auth';

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
  // The server sets the student number only when sign-up succeeds: a member who has one finished
  // sign-up (on another phone, after this one was told "new"); the app is theirs, not the wizard.
  // Not after this wizard's own submit: its refetch of the profile must not skip the welcome splash.
  const submitted = useRef(false);
  const finished = (me.data?.studentNo ?? '') !== '';
  useEffect(() => {
    if (!finished || submitted.current) return;
    clearSignUpPending();
    void navigate({ to: '/', replace: true });
  }, [finished, navigate]);
  // Sign-up's own mutation (entities/session) invalidates the member's views.
  return (
    <ProfileWizard
      suggestedName={me.data?.memberName}
      onExit={() => void navigate({ to: '/onboarding' })}
      onDone={() => {
        submitted.current = true;
        void navigate({ to: '/onboarding/complete', replace: true });
      }}
    />
  );
}
