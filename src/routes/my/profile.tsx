import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../entities/member';
import { MyComplimentCounts } from '../../features/meetups';
import { MyProfile } from '../../features/profile';

export const Route = createFileRoute('/my/profile')({
  staticData: { page: { title: '나의 프로필', myPage: true } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meQueryOptions());
  },
  // A new photo shows on /my as well: the member entity's upload invalidates both.
  component: () => <MyProfile extra={<MyComplimentCounts />} />,
});
