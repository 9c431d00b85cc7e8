import * as styles from './spinner.css';

interface SpinnerProps {
  label?: string;
  /** `light` on the brand-coloured screens. */
  tone?: keyof typeof styles.tone;
}

export function Spinner({ label = '불러오는 중이에요', tone = 'brand' }: SpinnerProps) {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <span className={[styles.ring, styles.tone[tone]].join(' ')} />
    </div>
  );
}
