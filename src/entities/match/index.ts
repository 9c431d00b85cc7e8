export { matchKeys, matchMutationKeys } from './keys';
export { useMatches } from './get-matches';
export { registerMatchMutations, useAcceptMatch, useDeclineMatch, useMatchMutationState, useRequestMatch, useWithdrawMatch } from './match-mutations';
export { useMatchesAccepted } from './accepted-matches';
