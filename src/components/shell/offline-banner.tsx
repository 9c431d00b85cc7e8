import { useLayoutEffect } from 'react';
import { useOnline } from '../../lib/online-status';
import * as styles from './offline-banner.css';

/**
 * While the browser is offline: persisted data is what the screens show. Marks the document
 * (`data-offline`) before paint, so the header and the content make room for the strip
 * (styles/global) instead of sitting under it.
 */
export function OfflineBanner() {
  const online = useOnline();
  useLayoutEffect(() => {
    if (online) return;
    const root = document.documentElement;
    root.dataset.offline = '';
    return () => {
      delete root.dataset.offline;
    };
  }, [online]);
  if (online) return null;
  return (
    <div className={styles.offline} role="status" data-testid="offline-banner">
      오프라인 상태예요. 저장된 내용을 보여 드려요.
    </div>
  );
}
