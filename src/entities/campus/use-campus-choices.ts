import { useColleges } from './get-colleges';
import { useDepartments } from './get-departments';
import { useLogError } from '../../lib/use-log-error';

/**
 * The colleges, and the chosen college's departments, for a department picker (only fetched while
 * `enabled`). Spec error catalogue: a failed load is only logged; the picker then offers nothing.
 */
export function useCampusChoices(collegeId: number | undefined, enabled = true) {
  const colleges = useColleges(enabled);
  const departments = useDepartments(enabled ? collegeId : undefined);
  useLogError('colleges', colleges.error);
  useLogError('departments', departments.error);
  return { colleges, departments };
}
