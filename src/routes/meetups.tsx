import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { meetupsQueryOptions } from '../entities/meetup';
import { MeetupList } from '../features/meetups';

// `checkin`: the "만났나요?" push opens this page with that meetup's check-in sheet up.
const searchSchema = z.object({ checkin: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined) });

/** Contract section 14: the caller's meetups; meetup notifications open this page. */
export const Route = createFileRoute('/meetups')({
  validateSearch: searchSchema,
  staticData: { page: { title: '내 약속' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meetupsQueryOptions('upcoming'));
    void context.queryClient.prefetchQuery(meetupsQueryOptions('past'));
  },
  component: MeetupsPage,
});

function MeetupsPage() {
  const { checkin } = Route.useSearch();
  return (
    <>
      <MeetupList scope="upcoming" />
      <MeetupList scope="past" checkinId={checkin} />
    </>
  );
}
