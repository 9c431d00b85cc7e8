export { filteredMembersQueryOptions } from './api/filtered-members';
export { ExploreScreen } from './components/explore-screen';
export { filterSearchParams, STUDENT_NO_OPTIONS, type ExploreFilters } from './model/filters';
