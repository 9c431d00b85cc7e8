import * as styles from './step-illustration.css';

/** One small decorative picture per wizard step (name tag, cap, building, tags, clock). */
export function StepIllustration({ step }: { step: number }) {
  return (
    <svg className={styles.svg} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle className={styles.soft} cx="60" cy="60" r="56" />
      {step === 0 ? (
        <g>
          <rect className={styles.white} x="26" y="34" width="68" height="52" rx="10" />
          <rect className={styles.brand} x="26" y="34" width="68" height="14" rx="7" />
          <circle className={styles.brand} cx="46" cy="66" r="9" />
          <path className={styles.line} d="M62 62h20M62 74h14" />
        </g>
      ) : null}
      {step === 1 ? (
        <g>
          <path className={styles.brand} d="M60 30 98 48 60 66 22 48Z" />
          <path className={styles.brand} d="M38 57v16c0 6 10 12 22 12s22-6 22-12V57L60 68Z" />
          <path className={styles.line} d="M92 51v20" />
          <circle className={styles.brand} cx="92" cy="74" r="4" />
        </g>
      ) : null}
      {step === 2 ? (
        <g>
          <path className={styles.brand} d="M60 26 96 44H24Z" />
          <rect className={styles.white} x="28" y="46" width="64" height="40" rx="4" />
          <path className={styles.line} d="M40 54v24M54 54v24M66 54v24M80 54v24" />
          <rect className={styles.brand} x="22" y="86" width="76" height="8" rx="4" />
        </g>
      ) : null}
      {step === 3 ? (
        <g>
          <circle className={styles.white} cx="60" cy="60" r="34" />
          <circle className={styles.brand} cx="60" cy="60" r="24" />
          <circle className={styles.white} cx="60" cy="60" r="14" />
          <circle className={styles.brand} cx="60" cy="60" r="6" />
          <path className={styles.line} d="M60 60 90 30M84 28h8v8" />
        </g>
      ) : null}
      {step === 4 ? (
        <g>
          <rect className={styles.white} x="24" y="30" width="72" height="62" rx="10" />
          <rect className={styles.brand} x="24" y="30" width="72" height="16" rx="8" />
          <path className={styles.line} d="M40 24v12M80 24v12" />
          <rect className={styles.brand} x="34" y="54" width="12" height="10" rx="3" />
          <rect className={styles.soft} x="54" y="54" width="12" height="10" rx="3" />
          <rect className={styles.brand} x="74" y="54" width="12" height="10" rx="3" />
          <rect className={styles.soft} x="34" y="70" width="12" height="10" rx="3" />
          <rect className={styles.brand} x="54" y="70" width="12" height="10" rx="3" />
          <rect className={styles.soft} x="74" y="70" width="12" height="10" rx="3" />
        </g>
      ) : null}
    </svg>
  );
}
