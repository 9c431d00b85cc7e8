import { useState } from 'react';
import { useCampusChoices } from '../../../entities/campus';
import { Choice, FilterSheet } from './filter-sheet';
import * as styles from './filter-sheet.css';

export interface DepartmentChoice {
  collegeId?: number;
  department?: string;
}

interface DepartmentSheetProps {
  open: boolean;
  value: DepartmentChoice;
  onClose: () => void;
  onApply: (value: DepartmentChoice) => void;
}

/**
 * Spec "Explore": colleges, then the departments of the chosen college. A department that does
 * not belong to the chosen college is cleared (spec section 5).
 */
export function DepartmentSheet({ open, value, onClose, onApply }: DepartmentSheetProps) {
  const [draft, setDraft] = useState<DepartmentChoice>(value);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Opening starts from what is applied.
    setWasOpen(open);
    if (open) setDraft(value);
  }
  const { colleges, departments } = useCampusChoices(draft.collegeId, open);

  // Once the chosen college's departments are known, a department outside them is dropped.
  const names = departments.data?.map((item) => item.name);
  const department = draft.department && names && !names.includes(draft.department) ? undefined : draft.department;

  return (
    <FilterSheet open={open} title="학과" onClose={onClose} onReset={() => setDraft({})} onApply={() => onApply({ collegeId: draft.collegeId, department })}>
      <div role="group" aria-labelledby="explore-college-title">
        <h3 id="explore-college-title" className={styles.groupTitle}>
          단과대학
        </h3>
        <div className={styles.choices}>
          {colleges.data?.map((college) => (
            <Choice
              key={college.id}
              label={college.name}
              selected={college.id === draft.collegeId}
              onSelect={() => setDraft((prev) => (prev.collegeId === college.id ? prev : { collegeId: college.id, department: undefined }))}
            />
          ))}
          {colleges.isError ? <p className={styles.hint}>단과대학을 불러오지 못했어요</p> : null}
        </div>
      </div>
      <div role="group" aria-labelledby="explore-department-title">
        <h3 id="explore-department-title" className={styles.groupTitle}>
          학과
        </h3>
        {draft.collegeId === undefined ? (
          <p className={styles.hint}>단과대학을 먼저 선택해 주세요</p>
        ) : (
          <div className={styles.choices}>
            {departments.data?.map((item) => (
              <Choice
                key={item.id}
                label={item.name}
                selected={item.name === department}
                onSelect={() => setDraft((prev) => ({ ...prev, department: prev.department === item.name ? undefined : item.name }))}
              />
            ))}
          </div>
        )}
      </div>
    </FilterSheet>
  );
}
