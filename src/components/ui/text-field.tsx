import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import * as styles from './text-field.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Extra control next to the label (e.g. an info button). */
  labelAddon?: ReactNode;
}

export function TextField({ label, hint, labelAddon, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.root}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {labelAddon}
      </div>
      <input id={id} className={styles.input} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
