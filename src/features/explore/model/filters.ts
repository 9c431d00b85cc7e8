import type { InterestCode } from '../../../../contract/interests';
import type { FilterSort, StudentNoFilter } from '../../../../contract/members';

/** What the explore screen filters by; kept in the route's search params. */
export interface ExploreFilters {
  interest?: InterestCode;
  sort?: FilterSort;
  collegeId?: number;
  department?: string;
  studentNo?: StudentNoFilter;
}

export const EXPLORE_PAGE_SIZE = 10;

/** Spec section 5: empty filter parameters are dropped from the request. */
export function filterSearchParams(filters: ExploreFilters, page: number): Record<string, string | number> {
  const params: Record<string, string | number> = { page, size: EXPLORE_PAGE_SIZE, sort: filters.sort ?? 'recommend' };
  if (filters.interest) params.interest = filters.interest;
  if (filters.collegeId) params.collegeId = filters.collegeId;
  if (filters.department?.trim()) params.department = filters.department.trim();
  if (filters.studentNo) params.studentNo = filters.studentNo;
  return params;
}

/** The student-number sheet: labels and the values sent (`20학번 이상` → `20학번이상`). */
export const STUDENT_NO_OPTIONS: readonly { value: StudentNoFilter; label: string }[] = [
  { value: '25', label: '25학번' },
  { value: '24', label: '24학번' },
  { value: '23', label: '23학번' },
  { value: '22', label: '22학번' },
  { value: '21', label: '21학번' },
  { value: '20학번이상', label: '20학번 이상' },
];
