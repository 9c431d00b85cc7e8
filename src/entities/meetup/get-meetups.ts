import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { meetupListSchema, Meetup, MeetupScope } from '../../../contract/meetups';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';

/**
 * GET /api/meetups?scope=upcoming|past. The upcoming list is asked with `withPendingCheckins=true`
 * (decision 0061): the lunches over and still unanswered come with it, so home, 마이페이지 and the
 * chat room ask "만났나요?" without also loading every past meetup.
 */
function fetchMeetups(scope: MeetupScope): Promise<Meetup[]> {
  return apiJson<z.infer<typeof meetupListSchema>>('/api/meetups', {
    searchParams: scope === 'upcoming' ? { scope, withPendingCheckins: 'true' } : { scope },
  });
}

/** A list fetched this long ago or less is this visit's look (the loader's prefetch, or the screen's fetch). */
const JUST_FETCHED_MS = 2000;

/** Persisted with the rest of the cache: upcoming meetups (and the check-ins owed) show offline. */
export const meetupsQueryOptions = (scope: MeetupScope) =>
  queryOptions({
    queryKey: meetupKeys.list(scope),
    queryFn: () => fetchMeetups(scope),
    // The partner confirms, declines or cancels from their phone: look again on every visit. Fresh
    // for a moment only, so that one visit looks once: with 0 the route loader's prefetch and the
    // screen's own fetch on mount each asked (home and 마이페이지 asked twice, in whichever order
    // they ran). What is heard live (a meetup notification, the queue's catch-up) invalidates anyway.
    staleTime: JUST_FETCHED_MS,
  });

// The server says which meetups await the caller's check-in (`myCheckinDue`, by the rules' clock,
// not this device's). Module-level, so React Query keeps each selection until the list changes.
const upcomingOnly = (list: Meetup[]) => list.filter((meetup) => meetup.myCheckinDue !== true);
const checkinsOnly = (list: Meetup[]) => list.filter((meetup) => meetup.myCheckinDue === true);

/** `upcoming`: the meetups ahead, soonest first (the check-ins owed that come in the same answer are `usePendingCheckins`'). */
export function useMeetups(scope: MeetupScope) {
  return useQuery({ ...meetupsQueryOptions(scope), select: scope === 'upcoming' ? upcomingOnly : undefined });
}

/** The lunches over that this member still owes "만났나요?", newest first: read from the upcoming list's answer. */
export function usePendingCheckins(): Meetup[] {
  return useQuery({ ...meetupsQueryOptions('upcoming'), select: checkinsOnly }).data ?? [];
}
