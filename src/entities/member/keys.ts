import type { InterestCode } from '../../../contract/interests';
import type { FilterSort, StudentNoFilter } from '../../../contract/members';

/** What GET /api/members/filters filters by (explore keeps it in the route's search params). */
export interface MemberFilters {
  interest?: InterestCode;
  sort?: FilterSort;
  collegeId?: number;
  department?: string;
  studentNo?: StudentNoFilter;
}

/**
 * The one key factory of the member resource (/api/members/*), general → specific: whatever
 * changes a member (a match, an edit) invalidates `memberKeys.all` or a narrower key, never a
 * re-typed list.
 */
export const memberKeys = {
  all: ['members'] as const,
  /** GET /api/members/me: the own profile (my profile, the tag and time editors). */
  me: () => [...memberKeys.all, 'me'] as const,
  /** GET /api/members/mypage: name, counters, keywords, tags. */
  myPage: () => [...memberKeys.all, 'my-page'] as const,
  /** GET /api/members/keywords: the own keywords with their descriptions. */
  keywords: () => [...memberKeys.all, 'keywords'] as const,
  details: () => [...memberKeys.all, 'detail'] as const,
  /** GET /api/members/{id}: another member's profile with the match status. */
  detail: (id: number) => [...memberKeys.details(), id] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  recommendations: () => [...memberKeys.lists(), 'recommendations'] as const,
  popular: () => [...memberKeys.lists(), 'popular'] as const,
  /** GET /api/members/filters (explore). */
  filtered: (filters: MemberFilters) => [...memberKeys.lists(), 'filters', filters] as const,
};
