import type { StudentNoFilter } from '../../../../contract/members';
import type { MemberFilters } from '../../../entities/member';

/** What the explore screen filters by (the member entity's filters); kept in the route's search params. */
export type ExploreFilters = MemberFilters;

/** The student-number sheet: labels and the values sent (`20학번 이상` → `20학번이상`). */
export const STUDENT_NO_OPTIONS: readonly { value: StudentNoFilter; label: string }[] = [
  { value: '25', label: '25학번' },
  { value: '24', label: '24학번' },
  { value: '23', label: '23학번' },
  { value: '22', label: '22학번' },
  { value: '21', label: '21학번' },
  { value: '20학번이상', label: '20학번 이상' },
];
