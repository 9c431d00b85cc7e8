import { createFileRoute } from '@tanstack/react-router';
import { FirstLoadGroup } from '../components/ui/first-load';
import { meetupsQueryOptions } from '../entities/meetup';
import { CHECKIN_NEXT, MeetupList } from '../features/meetups';
import { positiveInt, type Search } from '../lib/search-params';

// `checkin`: the "만났나요?" push opens this page with that meetup's check-in sheet up; `next`, from
// the in-app notification (which names no meetup), the sheet of the newest meetup still awaiting it.
const readSearch = (search: Record<string, unknown>) => ({
  checkin: positiveInt(search.checkin) ?? (search.checkin === CHECKIN_NEXT ? CHECKIN_NEXT : undefined),
});
const validateSearch = (search: Record<string, unknown>): Search<ReturnType<typeof readSearch>> => readSearch(search);

/** Contract section 14: the caller's meetups; meetup notifications open this page. */
export const Route = createFileRoute('/meetups')({
  validateSearch,
  staticData: { page: { title: '내 약속' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meetupsQueryOptions('upcoming'));
    void context.queryClient.prefetchQuery(meetupsQueryOptions('past'));
  },
  component: MeetupsPage,
});

function MeetupsPage() {
  const { checkin } = Route.useSearch();
  // Offline and never loaded, both lists wait for the network: the page says so once.
  return (
    <FirstLoadGroup>
      <MeetupList scope="upcoming" />
      <MeetupList scope="past" checkinId={checkin} />
    </FirstLoadGroup>
  );
}
