import { createFileRoute } from '@tanstack/react-router';
import { meetupsQueryOptions } from '../../entities/meetup';
import { LogoutButton } from '../../features/auth';
import { myPageQueryOptions } from '../../entities/member';
import { UpcomingMeetups } from '../../features/meetups';
import { MyPageView } from '../../features/my-page';

export const Route = createFileRoute('/my/')({
  staticData: { page: { title: '마이페이지', tabBar: true } },
  // Warm the cache without throwing: the screen shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPageQueryOptions());
    // With the check-ins owed, which 다가오는 약속 asks first (decision 0061).
    void context.queryClient.prefetchQuery(meetupsQueryOptions('upcoming'));
  },
  component: () => (
    <MyPageView
      footer={
        <>
          <UpcomingMeetups inColumn />
          <LogoutButton />
        </>
      }
    />
  ),
});
