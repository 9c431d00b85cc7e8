import { useEffect } from 'react';
import { useColleges } from './get-colleges';
import { useDepartments } from './get-departments';

/**
 * The colleges, and the chosen college's departments, for a department picker (only fetched while
 * `enabled`). Spec error catalogue: a failed load is only logged; the picker then offers nothing.
 */
export function useCampusChoices(collegeId: number | undefined, enabled = true) {
  const colleges = useColleges(enabled);
  const departments = useDepartments(enabled ? collegeId : undefined);
  useEffect(() => {
    if (colleges.error) console.error('failed to load colleges', colleges.error);
  }, [colleges.error]);
  useEffect(() => {
    if (departments.error) console.error('failed to load departments', departments.error);
  }, [departments.error]);
  return { colleges, departments };
}
