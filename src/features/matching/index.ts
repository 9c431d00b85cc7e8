export { MatchingList } from './components/matching-list';
