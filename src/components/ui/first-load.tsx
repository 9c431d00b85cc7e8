import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
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
 * by itself then, and the screen replaces this with what it loaded. Inside a `FirstLoadGroup` the
 * inline line is said once for the screen (see there).
 */
export function FirstLoad({ query, inline = false, loading = <Spinner /> }: FirstLoadProps) {
  const waiting = useWaitingForNetwork(query);
  const group = useContext(GroupContext);
  if (!waiting) return loading;
  if (inline) {
    if (group) return <GroupedOfflineLine group={group} />;
    return (
      <p className={styles.inline} role="status">
        {LINE}
      </p>
    );
  }
  return <EmptyState icon={<OfflineIcon size={40} />} title={OFFLINE_TITLE} text={OFFLINE_TEXT} />;
}

const LINE = (
  <>
    <span>{OFFLINE_TITLE}</span>. {OFFLINE_TEXT}
  </>
);

/**
 * The waiting sections of one screen. Offline the same line under every section of a screen never
 * loaded (home: 다가오는 약속 and both member sliders) read as three problems; it is one.
 */
class OfflineLines {
  private readonly anchors = new Set<HTMLElement>();
  private readonly listeners = new Set<() => void>();
  private first: HTMLElement | null = null;

  add(anchor: HTMLElement): () => void {
    this.anchors.add(anchor);
    this.update();
    return () => {
      this.anchors.delete(anchor);
      this.update();
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getFirst = () => this.first;

  /** The first in document order (not the first to register: sections mount in any order). */
  private update() {
    let first: HTMLElement | null = null;
    for (const anchor of this.anchors) {
      if (first === null || anchor.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) first = anchor;
    }
    if (first === this.first) return;
    this.first = first;
    for (const listener of this.listeners) listener();
  }
}

const GroupContext = createContext<OfflineLines | null>(null);

/**
 * A screen of sections that load on their own (home): of their inline "cannot load offline"
 * lines only the first section's shows, the others stay quiet; when that section loads, the next
 * one still waiting takes the line over.
 */
export function FirstLoadGroup({ children }: { children: ReactNode }) {
  const [lines] = useState(() => new OfflineLines());
  return <GroupContext.Provider value={lines}>{children}</GroupContext.Provider>;
}

function GroupedOfflineLine({ group }: { group: OfflineLines }) {
  // The same element whether it speaks or not: its place in the document decides which one does.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => (anchor ? group.add(anchor) : undefined), [group, anchor]);
  const first = useSyncExternalStore(group.subscribe, group.getFirst);
  const speaks = anchor !== null && first === anchor;
  return (
    <p ref={setAnchor} className={styles.inline} role="status" hidden={!speaks}>
      {speaks ? LINE : null}
    </p>
  );
}
