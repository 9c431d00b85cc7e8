import { useEffect } from 'react';
import { useUniversities } from '../../../entities/admin';
import * as styles from './admin-console.css';
import { ToolbarField } from './toolbar-field';

/** The current month in Seoul time, `YYYY-MM` (the server's month for applications and mentors). */
export function seoulMonth(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 7);
}

interface PickerProps {
  universityId: number | null;
  onUniversity: (id: number | null) => void;
  month?: string;
  onMonth?: (month: string) => void;
  /** Offer "전체" (all universities). */
  allowAll?: boolean;
}

/** University (and month) selectors shared by the console's panels. */
export function UniversityMonthPicker({ universityId, onUniversity, month, onMonth, allowAll = false }: PickerProps) {
  const universities = useUniversities();
  const first = universities.data?.[0]?.universityId;
  // A panel that needs one university starts on the first.
  useEffect(() => {
    if (!allowAll && universityId === null && first !== undefined) onUniversity(first);
  }, [allowAll, universityId, first, onUniversity]);
  return (
    <div className={styles.toolbar}>
      <ToolbarField label="학교">
        {(id) => (
          <select
            id={id}
            className={styles.input}
            value={universityId ?? ''}
            onChange={(event) => onUniversity(event.target.value === '' ? null : Number(event.target.value))}
          >
            {allowAll ? <option value="">전체</option> : null}
            {(universities.data ?? []).map((u) => (
              <option key={u.universityId} value={u.universityId}>
                {u.name}
              </option>
            ))}
          </select>
        )}
      </ToolbarField>
      {month !== undefined && onMonth ? (
        <ToolbarField label="월">
          {(id) => (
            <input
              id={id}
              className={styles.input}
              type="month"
              value={month}
              onChange={(event) => {
                if (/^\d{4}-\d{2}$/.test(event.target.value)) onMonth(event.target.value);
              }}
            />
          )}
        </ToolbarField>
      ) : null}
    </div>
  );
}
