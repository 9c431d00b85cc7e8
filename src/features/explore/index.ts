export { ExploreScreen } from './components/explore-screen';
export { type ExploreFilters } from './model/filters';
