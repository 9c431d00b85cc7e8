import { dismissToast, useToasts } from '../../lib/toast';
import * as styles from './toast.css';

/** The global toasts (top-right under the header, 5 s), rendered once by the app shell. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-testid="toast">
          {toast.onSelect ? (
            // The whole text is the target, as KakaoTalk's banner: named "who: what" for screen readers.
            <button
              type="button"
              className={styles.select}
              aria-label={toast.body ? `${toast.title}: ${toast.body}` : toast.title}
              onClick={() => {
                dismissToast(toast.id);
                toast.onSelect?.();
              }}
            >
              <span className={styles.title}>{toast.title}</span>
              {toast.body ? <span className={styles.preview}>{toast.body}</span> : null}
            </button>
          ) : (
            <div className={styles.texts}>
              <span className={styles.title}>{toast.title}</span>
              {toast.body ? <span className={styles.body}>{toast.body}</span> : null}
            </div>
          )}
          {toast.action ? (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.onSelect();
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button type="button" className={styles.close} aria-label="알림 닫기" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
