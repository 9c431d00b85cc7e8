import type { MatchListStatus } from '../../../../contract/matches';

/** Query keys of the matching feature, general → specific. */
export const matchingKeys = {
  all: ['matching'] as const,
  list: (status: MatchListStatus) => [...matchingKeys.all, 'list', status] as const,
};
