import type { ReactNode } from 'react';
import { useWaitingForNetwork, type FirstLoadQuery } from '../../lib/online-status';
import { EmptyState } from './empty-state';
import * as styles from './first-load.css';
import { OfflineIcon } from './icons';
import { Spinner } from './spinner';

const OFFLINE_TITLE = '오프라인이라 불러올 수 없어요';
const OFFLINE_TEXT = '연결되면 바로 불러올게요.';

interface FirstLoadProps {
  /** The query whose data the screen (or section) waits for; shown while it is pending. */
  query: FirstLoadQuery;
  /** A section within a screen: one quiet line instead of the screen-filling state. */
  inline?: boolean;
  /** What shows while the load is under way (the spinner by default). */
  loading?: ReactNode;
}

/**
 * A query's first load: the spinner while it is under way, or, offline with nothing saved (a
 * screen never opened before), that it cannot load until the network is back. The query fetches
 * by itself then, and the screen replaces this with what it loaded.
 */
export function FirstLoad({ query, inline = false, loading = <Spinner /> }: FirstLoadProps) {
  const waiting = useWaitingForNetwork(query);
  if (!waiting) return loading;
  if (inline) {
    return (
      <p className={styles.inline} role="status">
        <span>{OFFLINE_TITLE}</span>. {OFFLINE_TEXT}
      </p>
    );
  }
  return <EmptyState icon={<OfflineIcon size={40} />} title={OFFLINE_TITLE} text={OFFLINE_TEXT} />;
}
