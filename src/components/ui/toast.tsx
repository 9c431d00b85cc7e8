import { dismissToast, useToasts } from '../../lib/toast';
import * as styles from './toast.css';

/** The global toasts (top-right, 5 s), rendered once by the app shell. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-testid="toast">
          <div className={styles.texts}>
            <span className={styles.title}>{toast.title}</span>
            {toast.body ? <span className={styles.body}>{toast.body}</span> : null}
          </div>
          <button type="button" className={styles.close} aria-label="알림 닫기" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
