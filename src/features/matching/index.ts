export { matchingKeys } from './api/keys';
export { matchesQueryOptions } from './api/matches';
export { MatchingList } from './components/matching-list';
