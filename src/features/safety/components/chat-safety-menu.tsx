import { useState } from 'react';
import { BlockDialog, type BlockTarget } from './block-dialog';
import { ReportSheet, type ReportTarget, type ReportedMessage } from './report-sheet';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import * as styles from './safety-sheet.css';

interface ChatSafetyMenuProps {
  /** The friend of the room; the menu is disabled until it is known. */
  friend: { memberId: number; name: string } | null;
  onBlocked?: (memberId: number) => void;
  /** What the room itself offers above the friend's (e.g. 채팅방 나가기), composed by the route. */
  roomActions?: ReadonlyArray<{ label: string; onSelect: () => void }>;
}

/** The chat room's ⋯ menu: the room's own actions, then 신고하기 and 차단하기 for the friend. */
export function ChatSafetyMenu({ friend, onBlocked, roomActions = [] }: ChatSafetyMenuProps) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  return (
    <>
      <button type="button" className={styles.menuButton} aria-label="채팅방 메뉴" aria-haspopup="dialog" disabled={!friend} onClick={() => setOpen(true)}>
        <span aria-hidden="true">⋯</span>
      </button>
      <BottomSheet size="tall" open={open} title="채팅방 메뉴" onClose={() => setOpen(false)}>
        <ul className={styles.menuList}>
          {roomActions.map(({ label, onSelect }) => (
            <li key={label}>
              <button
                type="button"
                className={styles.menuItem}
                onClick={() => {
                  setOpen(false);
                  onSelect();
                }}
              >
                {label}
              </button>
            </li>
          ))}
          {[
            { label: '신고하기', className: styles.menuItem, pick: setReporting },
            { label: '차단하기', className: styles.menuItemDanger, pick: setBlocking },
          ].map(({ label, className, pick }) => (
            <li key={label}>
              <button
                type="button"
                className={className}
                onClick={() => {
                  setOpen(false);
                  if (friend) pick(friend);
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </BottomSheet>
      <ReportSheet target={reporting} onClose={() => setReporting(null)} />
      <BlockDialog target={blocking} onClose={() => setBlocking(null)} onBlocked={onBlocked} />
    </>
  );
}

/** Long press on a friend's message → 신고하기 with the message attached. */
export function useMessageReport(friendName: string | null) {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  return {
    open: (senderId: number, message: ReportedMessage) => setTarget({ memberId: senderId, name: friendName ?? '상대', message }),
    sheet: <ReportSheet target={target} onClose={() => setTarget(null)} />,
  };
}
