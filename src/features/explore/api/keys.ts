import type { ExploreFilters } from '../model/filters';

/** Query keys of the explore feature, general → specific. */
export const exploreKeys = {
  all: ['explore'] as const,
  colleges: () => [...exploreKeys.all, 'colleges'] as const,
  departments: (collegeId: number) => [...exploreKeys.all, 'departments', collegeId] as const,
  members: (filters: ExploreFilters) => [...exploreKeys.all, 'members', filters] as const,
};
