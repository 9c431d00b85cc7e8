import type { ReactNode } from 'react';
import * as styles from './stack.css';

/** Page content column: padded, blocks spaced evenly. */
export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}
