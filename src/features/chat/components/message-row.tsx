import { visuallyHidden } from '../../../styles/a11y.css';
import { useLongPress } from '../hooks/use-long-press';
import type { ChatFriend } from '../model/friend';
import type { TimelineRow } from '../model/timeline';
import { Avatar } from './avatar';
import { ClockIcon } from './chat-icons';
import * as styles from './chat-room.css';
import type { MessageMenuTarget } from './message-menu';

type MessageRowData = Extract<TimelineRow, { kind: 'message' }>;

interface MessageRowProps {
  row: MessageRowData;
  friend: ChatFriend | null;
  onRetry(clientMessageId: string): void;
  onRemove(clientMessageId: string): void;
  /** Long press (or the context menu) on a message: its menu (복사, 신고하기 on the friend's stored ones). */
  onLongPress?(target: MessageMenuTarget): void;
}

/** One bubble: own on the right, the friend's on the left with avatar and name at the start of a run. */
export function MessageRow({ row, friend, onRetry, onRemove, onLongPress }: MessageRowProps) {
  const { message, runStart, showTime, timeLabel } = row;
  const { mine, status, clientMessageId } = message;
  const { senderId, messageId, content } = message;
  const press = useLongPress(() => {
    // Any message can be copied; only the friend's stored one can be reported (the report names it).
    const reportable = !mine && senderId !== null && messageId !== undefined;
    onLongPress?.({ content, ...(reportable ? { report: { senderId, messageId } } : {}) });
  });
  const pressable = onLongPress !== undefined;
  const rowClass = [styles.row, runStart ? styles.rowRunStart : '', mine ? styles.rowMine : ''].join(' ');
  const bubbleClass = [
    styles.bubble,
    mine ? styles.bubbleMine : styles.bubbleFriend,
    status === 'pending' ? styles.bubblePending : '',
    status === 'failed' ? styles.bubbleFailed : '',
  ].join(' ');

  let trailer = null;
  if (status === 'pending') {
    trailer = (
      <span className={styles.pendingIcon} title="전송 중">
        <ClockIcon size={14} />
        <span className={visuallyHidden}>전송 중</span>
      </span>
    );
  } else if (status !== 'failed' && (showTime || message.unread)) {
    // KakaoTalk's marker: `1` above the time while the friend has not read my message.
    trailer = (
      <span className={styles.meta}>
        {message.unread ? (
          <span className={styles.unread} data-testid="unread-marker">
            1<span className={visuallyHidden}> 안 읽음</span>
          </span>
        ) : null}
        {showTime ? <time className={styles.time}>{timeLabel}</time> : null}
      </span>
    );
  }

  return (
    <li className={rowClass} data-status={status}>
      {mine ? null : <span className={styles.avatarSlot}>{runStart ? <Avatar src={friend?.imageUrl} size="sm" /> : null}</span>}
      <div className={[styles.column, mine ? styles.columnMine : ''].join(' ')}>
        {!mine && runStart && friend?.name ? <span className={styles.senderName}>{friend.name}</span> : null}
        <div className={[styles.line, mine ? styles.lineMine : ''].join(' ')}>
          {pressable ? (
            <p className={bubbleClass} {...press} tabIndex={0} data-pressable="true" aria-haspopup="menu" aria-keyshortcuts="Shift+F10">
              {message.content}
            </p>
          ) : (
            <p className={bubbleClass}>{message.content}</p>
          )}
          {trailer}
        </div>
        {status === 'failed' && clientMessageId ? (
          <div className={styles.failedBar} role="group" aria-label="전송 실패">
            <span>전송 실패</span>
            <button type="button" className={styles.failedAction} onClick={() => onRetry(clientMessageId)}>
              재시도
            </button>
            <button type="button" className={styles.failedAction} onClick={() => onRemove(clientMessageId)}>
              삭제
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
