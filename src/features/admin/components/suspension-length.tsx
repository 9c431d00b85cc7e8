import { useState } from 'react';
import { SUSPENSION_DAYS, type SuspensionDays } from '../../../../contract/admin-values';
import { isoDateTime } from '../../../../contract/seoul-time';
import * as styles from './suspension-length.css';

const DAY_MS = 86_400_000;

/** What an operator picks: 7 or 30 days, or null for 영구 (until 정지 해제). */
export type SuspensionLength = SuspensionDays | null;

/**
 * A new 정지 starts at 7일 (decision 0054): a club's usual first step, and a 영구 should be chosen,
 * not fallen into.
 */
export const DEFAULT_SUSPENSION_LENGTH: SuspensionLength = 7;

const CHOICES: readonly { value: SuspensionLength; label: string }[] = [
  ...SUSPENSION_DAYS.map((days) => ({ value: days, label: `${days}일` })),
  { value: null, label: '영구' },
];

/** 정지 기간 in both 정지 dialogs (a report's and the 회원 tab's), with when the chosen one ends. */
export function SuspensionLengthPicker({ value, onChange }: { value: SuspensionLength; onChange: (value: SuspensionLength) => void }) {
  // The end is counted from when the dialog opened; the server counts from the 정지 itself, moments later.
  const [openedAt] = useState(Date.now);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>정지 기간</legend>
      <div className={styles.options}>
        {CHOICES.map((choice) => (
          <label key={choice.label} className={styles.option}>
            <input type="radio" name="suspension-length" className={styles.radio} checked={value === choice.value} onChange={() => onChange(choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
      <p className={styles.hint}>
        {value === null ? '운영자가 정지를 해제할 때까지 계속돼요.' : `${isoDateTime(openedAt + value * DAY_MS)}쯤 자동으로 해제돼요.`}
      </p>
    </fieldset>
  );
}
