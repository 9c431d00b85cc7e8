export { matchKeys, matchMutationKeys } from './keys';
export { type MatchPage } from './schemas';
export { getMatches, MATCH_PAGE_SIZE, matchesQueryOptions, useMatches } from './get-matches';
export { requestMatch } from './request-match';
export { acceptMatch } from './accept-match';
export { MATCH_CHANGES, registerMatchMutations, useAcceptMatch, useMatchMutationState, useRequestMatch, type MatchMutationState } from './match-mutations';
