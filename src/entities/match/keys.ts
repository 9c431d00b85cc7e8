import type { MatchListStatus } from '../../../contract/matches';

/** The one key factory of the match resource (/api/matches), general → specific. */
export const matchKeys = {
  all: ['matches'] as const,
  lists: () => [...matchKeys.all, 'list'] as const,
  list: (status: MatchListStatus) => [...matchKeys.lists(), status] as const,
};

/**
 * Mutation keys of the match writes: their functions are registered as defaults
 * (register-match-mutations.ts), so a paused mutation restored after a reload knows what to run.
 * Persisted with the query cache: keep them stable.
 */
export const matchMutationKeys = {
  all: ['matches'] as const,
  request: ['matches', 'request'] as const,
  accept: ['matches', 'accept'] as const,
  decline: ['matches', 'decline'] as const,
  withdraw: ['matches', 'withdraw'] as const,
};
