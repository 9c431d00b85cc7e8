import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { visuallyHidden } from '../../../styles/a11y.css';
import { useInView } from '../../../lib/use-in-view';
import type { ChatFriend } from '../model/friend';
import type { TimelineRow } from '../model/timeline';
import * as styles from './chat-room.css';
import type { MessageMenuTarget } from './message-menu';
import { MessageRow } from './message-row';

interface MessageListProps {
  rows: TimelineRow[];
  friend: ChatFriend | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  onRetry(clientMessageId: string): void;
  onRemove(clientMessageId: string): void;
  onMessageLongPress?(target: MessageMenuTarget): void;
  loadError: boolean;
  /** A centred system line after the last message (the friend left, decision 0060). */
  endNote?: string | null;
}

/** Within this distance of the end, the list counts as "at the bottom" and follows new messages. */
const BOTTOM_SLACK_PX = 80;

/**
 * The scrolling message column. Older pages load when the top sentinel shows; the view keeps its
 * place when they are inserted above. A new message at the end is followed when the student is
 * at the end (or sent it); one reading back stays where they read, and 새 메시지 at the bottom
 * says what came and takes them there, as KakaoTalk's preview bar does.
 */
export function MessageList({
  rows,
  friend,
  hasOlder,
  loadingOlder,
  loadOlder,
  onRetry,
  onRemove,
  onMessageLongPress,
  loadError,
  endNote = null,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const topVisible = useInView(sentinel, scroller, '120px');
  const last = useRef<{ firstKey?: string; lastKey?: string; scrollHeight: number } | null>(null);
  const atBottom = useRef(true);
  // The last message there was when the student scrolled up from the end; null at the end.
  const [readingFrom, setReadingFrom] = useState<string | null>(null);

  // Message keys, not row keys: an older page from the same day keeps the same first date heading.
  const firstKey = rows.find((row) => row.kind === 'message')?.key;
  const newest = rows.at(-1);
  const lastKey = newest?.key;
  const newestMine = newest?.kind === 'message' && newest.message.mine;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = last.current;
    if (!previous || (previous.lastKey !== lastKey && (readingFrom === null || newestMine))) {
      // First paint, or a new message at the end while the student is there (or one of theirs).
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    } else if (previous.lastKey === lastKey && previous.firstKey !== firstKey) {
      // Older messages went in above: stay on what the user was reading.
      element.scrollTop += element.scrollHeight - previous.scrollHeight;
    }
    last.current = { firstKey, lastKey, scrollHeight: element.scrollHeight };
  }, [firstKey, lastKey, readingFrom, newestMine]);

  // The system line at the end shows while the student is at the end: it stays in view.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (endNote && element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [endNote]);

  // The keyboard opening shrinks the list: someone reading the latest messages keeps seeing them.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      if (last.current) last.current.scrollHeight = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Screen readers hear the friend's new messages, not every older page that loads above.
  const announcement = newest?.kind === 'message' && !newest.message.mine ? `${friend?.name ?? '상대방'}: ${newest.message.content}` : '';

  // Reading back when the friend's message came: what it says, on the way down to it.
  const newBelow = readingFrom !== null && lastKey !== readingFrom && !newestMine ? announcement : '';

  useEffect(() => {
    if (topVisible && hasOlder && !loadingOlder) loadOlder();
  }, [topVisible, hasOlder, loadingOlder, loadOlder]);

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
        if (atBottom.current) {
          if (readingFrom !== null) setReadingFrom(null);
        } else if (readingFrom === null) setReadingFrom(lastKey ?? '');
      }}
    >
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {loadingOlder ? (
        <div className={styles.loadingOlder}>
          <Spinner label="이전 메시지를 불러오는 중이에요" />
        </div>
      ) : null}
      {loadError ? <p className={styles.emptyRoom}>메시지를 불러오지 못했어요.</p> : null}
      {!loadError && rows.length === 0 && !endNote ? <p className={styles.emptyRoom}>첫 메시지를 보내 보세요</p> : null}
      <ol className={styles.messages} aria-label="메시지">
        {rows.map((row) =>
          row.kind === 'date' ? (
            <li key={row.key} className={styles.dateHeading}>
              <span className={styles.dateLabel}>{row.label}</span>
            </li>
          ) : (
            <MessageRow key={row.key} row={row} friend={friend} onRetry={onRetry} onRemove={onRemove} onLongPress={onMessageLongPress} />
          ),
        )}
        {endNote ? (
          <li className={styles.systemLine}>
            <span className={styles.systemLabel}>{endNote}</span>
          </li>
        ) : null}
      </ol>
      {newBelow ? (
        <div className={styles.newBelowDock}>
          <button
            type="button"
            className={styles.newBelow}
            onClick={() => {
              const element = scroller.current;
              if (element) element.scrollTop = element.scrollHeight;
            }}
          >
            <span className={styles.newBelowText}>
              <span className={visuallyHidden}>새 메시지 </span>
              {newBelow}
            </span>
            <ChevronDownIcon size={20} />
          </button>
        </div>
      ) : null}
      <p className={visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
