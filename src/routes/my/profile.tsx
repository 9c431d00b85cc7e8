import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { memberKeys } from '../../features/member';
import { meQueryOptions, MyProfile } from '../../features/profile';

export const Route = createFileRoute('/my/profile')({
  staticData: { page: { title: '나의 프로필', myPage: true } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meQueryOptions());
  },
  component: MyProfilePage,
});

function MyProfilePage() {
  const queryClient = useQueryClient();
  // A new photo shows on /my as well.
  return <MyProfile onProfileChange={() => void queryClient.invalidateQueries({ queryKey: memberKeys.myPage() })} />;
}
