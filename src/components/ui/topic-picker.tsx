import { INTEREST_CODES, INTEREST_LABELS, MAX_INTERESTS, type InterestCode } from '../../../contract/interests-values';
import { CheckIcon } from './icons';
import * as styles from './topic-picker.css';

interface TopicPickerProps {
  value: readonly InterestCode[];
  onChange: (value: InterestCode[]) => void;
  label?: string;
  max?: number;
}

/**
 * Spec "Topic picker": tapping a selected topic deselects it; an unselected one is added only
 * while fewer than `max` are chosen — a fourth tap is ignored without a message.
 */
export function TopicPicker({ value, onChange, label = '관심 주제', max = MAX_INTERESTS }: TopicPickerProps) {
  const toggle = (code: InterestCode) => {
    if (value.includes(code)) onChange(value.filter((item) => item !== code));
    else if (value.length < max) onChange([...value, code]);
  };
  return (
    <div>
      <div className={styles.grid} role="group" aria-label={label}>
        {INTEREST_CODES.map((code) => {
          const selected = value.includes(code);
          return (
            <button key={code} type="button" className={styles.topic} aria-pressed={selected} onClick={() => toggle(code)}>
              {selected ? <CheckIcon size={16} /> : null}
              {INTEREST_LABELS[code]}
            </button>
          );
        })}
      </div>
      <p className={styles.count} aria-live="polite">
        {value.length} / {max}
      </p>
    </div>
  );
}
