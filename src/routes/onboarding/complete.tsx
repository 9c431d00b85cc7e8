import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { universityNameQueryOptions, useUniversityName } from '../../entities/campus';
import { myPageQueryOptions, useMyPage } from '../../entities/member';
import { WelcomeSplash } from '../../features/onboarding';
import { universityDisplayName } from '../../lib/university';

export const Route = createFileRoute('/onboarding/complete')({
  staticData: { page: { headerHidden: true } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(universityNameQueryOptions());
    void context.queryClient.prefetchQuery(myPageQueryOptions());
  },
  component: CompletePage,
});

function CompletePage() {
  const navigate = useNavigate();
  const uniName = useUniversityName();
  const myPage = useMyPage();
  useEffect(() => {
    if (uniName.error) console.error('failed to get university name', uniName.error);
  }, [uniName.error]);
  return (
    <WelcomeSplash
      universityName={universityDisplayName(uniName.data)}
      loading={uniName.isPending}
      memberName={myPage.data?.name}
      onFinish={() => void navigate({ to: '/', replace: true })}
    />
  );
}
