import { useState } from 'react';
import type { StudentNoFilter } from '../../../../contract/members';
import { STUDENT_NO_OPTIONS } from '../model/filters';
import { Choice, FilterSheet } from './filter-sheet';
import * as styles from './filter-sheet.css';

interface StudentNoSheetProps {
  open: boolean;
  value: StudentNoFilter | undefined;
  onClose: () => void;
  onApply: (value: StudentNoFilter | undefined) => void;
}

/** Spec "Explore": 25학번 … 21학번, 20학번 이상. */
export function StudentNoSheet({ open, value, onClose, onApply }: StudentNoSheetProps) {
  const [draft, setDraft] = useState(value);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(value);
  }
  return (
    <FilterSheet open={open} title="학번" onClose={onClose} onReset={() => setDraft(undefined)} onApply={() => onApply(draft)}>
      <div className={styles.choices} role="group" aria-label="학번">
        {STUDENT_NO_OPTIONS.map((option) => (
          <Choice
            key={option.value}
            label={option.label}
            selected={option.value === draft}
            onSelect={() => setDraft((prev) => (prev === option.value ? undefined : option.value))}
          />
        ))}
      </div>
    </FilterSheet>
  );
}
