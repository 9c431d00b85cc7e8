import { createFileRoute } from '@tanstack/react-router';
import { meetupsQueryOptions } from '../entities/meetup';
import { MeetupList } from '../features/meetups';

/** Contract section 14: the caller's meetups; meetup notifications open this page. */
export const Route = createFileRoute('/meetups')({
  staticData: { page: { title: '내 약속' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meetupsQueryOptions('upcoming'));
    void context.queryClient.prefetchQuery(meetupsQueryOptions('past'));
  },
  component: () => (
    <>
      <MeetupList scope="upcoming" />
      <MeetupList scope="past" />
    </>
  ),
});
