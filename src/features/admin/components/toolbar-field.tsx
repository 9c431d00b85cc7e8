import { useId, type ReactNode } from 'react';
import * as styles from './admin-console.css';

/** A labelled control in a panel's toolbar; `children` gets the id the label points at. */
export function ToolbarField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}
