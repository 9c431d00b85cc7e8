import { useOnline } from '../../lib/online-status';
import * as styles from './offline-banner.css';

/** While the browser is offline: persisted data is what the screens show. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.offline} role="status" data-testid="offline-banner">
      오프라인 상태예요. 저장된 내용을 보여 드려요.
    </div>
  );
}
