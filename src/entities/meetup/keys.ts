import type { MeetupScope } from '../../../contract/meetups';

/** Query keys of meetups (contract section 14), general → specific. */
export const meetupKeys = {
  all: ['meetups'] as const,
  lists: () => [...meetupKeys.all, 'list'] as const,
  list: (scope: MeetupScope) => [...meetupKeys.lists(), scope] as const,
  suggestions: (matchId: number) => [...meetupKeys.all, 'suggestions', matchId] as const,
  compliments: (memberId: number) => [...meetupKeys.all, 'compliments', memberId] as const,
  myCompliments: () => [...meetupKeys.all, 'compliments', 'me'] as const,
  acceptedMatch: (partnerId: number) => [...meetupKeys.all, 'accepted-match', partnerId] as const,
};
