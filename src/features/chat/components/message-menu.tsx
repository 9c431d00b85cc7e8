import { useId, type KeyboardEvent } from 'react';
import { Dialog } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';
import { visuallyHidden } from '../../../styles/a11y.css';
import * as styles from './message-menu.css';

/** The long-pressed message: its text, and when it is the friend's stored one, what a report needs. */
export interface MessageMenuTarget {
  content: string;
  report?: { senderId: number; messageId: string };
}

interface MessageMenuProps {
  /** null: closed. */
  target: MessageMenuTarget | null;
  onClose(): void;
  onReport?(senderId: number, message: { messageId: string; content: string }): void;
}

async function copy(content: string) {
  try {
    await navigator.clipboard.writeText(content);
    showToast('복사했어요');
  } catch (error) {
    // No permission, or no clipboard at all (an insecure origin): say so instead of nothing.
    console.warn('chat: copy failed', error);
    showToast('복사하지 못했어요');
  }
}

/**
 * A message's long press (or right click): 복사, and 신고하기 on the friend's messages. A student
 * copying an address should not land in a report form. Escape or a tap outside closes it; the
 * arrow keys move between the items (WAI-ARIA menu).
 */
export function MessageMenu({ target, onClose, onReport }: MessageMenuProps) {
  const titleId = useId();
  const items: Array<{ label: string; run(): void }> = [];
  if (target) {
    items.push({ label: '복사', run: () => void copy(target.content) });
    const { report } = target;
    if (report && onReport) items.push({ label: '신고하기', run: () => onReport(report.senderId, { messageId: report.messageId, content: target.content }) });
  }

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length;
    buttons[next]?.focus();
  };

  return (
    <Dialog open={target !== null} onClose={onClose} className={styles.backdrop} panelClassName={styles.panel} labelledBy={titleId}>
      <h2 id={titleId} className={visuallyHidden}>
        메시지 메뉴
      </h2>
      <p className={styles.preview} aria-hidden="true">
        {target?.content}
      </p>
      <ul className={styles.list} role="menu" aria-label="메시지 메뉴" onKeyDown={onKeyDown}>
        {items.map(({ label, run }) => (
          <li key={label} role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              onClick={() => {
                onClose();
                run();
              }}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
