import { usePendingUpdate } from '../../lib/sw-update';
import { Button } from '../ui/button';
import * as styles from './update-toast.css';

/** Offers the waiting service worker; accepting sends SKIP_WAITING and reloads. */
export function UpdateToast() {
  const apply = usePendingUpdate();
  if (!apply) return null;
  return (
    <div className={styles.toast} role="status">
      <span className={styles.text}>새 버전이 있어요</span>
      <Button size="md" onClick={apply}>
        새로고침
      </Button>
    </div>
  );
}
