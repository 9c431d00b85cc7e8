import type { ReactNode } from 'react';
import * as styles from './empty-state.css';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  /** A way on (a link or button) under the text, so an empty screen is not a dead end. */
  action?: ReactNode;
}

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <section className={styles.root} aria-live="polite">
      {icon ? <div className={styles.icon}>{icon}</div> : null}
      <p className={styles.title}>{title}</p>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action}
    </section>
  );
}
