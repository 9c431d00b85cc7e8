export { matchKeys, matchMutationKeys } from './keys';
export { useMatches } from './get-matches';
export { registerMatchMutations, useAcceptMatch, useMatchMutationState, useRequestMatch } from './match-mutations';
