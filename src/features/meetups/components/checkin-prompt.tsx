import { useState } from 'react';
import { formatMeetupRange } from '../../../../contract/meetups-values';
import type { Meetup } from '../../../../contract/meetups';
import { useMeetupMutationState, usePendingCheckins } from '../../../entities/meetup';
import { CheckinSheet } from './checkin-sheet';
import * as styles from './meetups.css';

/**
 * "이준호님과 만났나요?": the whole prompt is the button that opens the check-in sheet. `pinned`
 * is the chat room's strip row. While the answer is on its way (offline: queued) it says so, as
 * the card does.
 */
export function CheckinPrompt({ meetup, pinned = false }: { meetup: Meetup; pinned?: boolean }) {
  const [open, setOpen] = useState(false);
  const pending = useMeetupMutationState(meetup.meetupId);
  const name = meetup.partner.memberName;
  const detail = `${formatMeetupRange(meetup.startsAt, meetup.endsAt)} · ${meetup.place}`;
  if (pending.action === 'checkin') {
    return (
      <p className={styles.note} role="status">
        {pending.offline ? '오프라인 — 연결되면 체크인을 보낼게요' : '체크인 중이에요'}
      </p>
    );
  }
  return (
    <>
      <button type="button" className={pinned ? styles.promptPinned : styles.prompt} onClick={() => setOpen(true)}>
        <span className={styles.promptText}>
          <span className={styles.promptTitle}>{name}님과 만났나요?</span>
          <span className={styles.promptDetail}>{detail}</span>
        </span>
        <span className={styles.promptAction} aria-hidden="true">
          답하기
        </span>
      </button>
      {open ? <CheckinSheet meetup={meetup} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * Home's and 마이페이지's 다가오는 약속: every lunch over and unanswered, above the upcoming ones.
 * Where a student looks after lunch, not only behind the notification that may have been dismissed.
 */
export function PendingCheckins() {
  const pending = usePendingCheckins();
  if (pending.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="답을 기다리는 약속">
      {pending.map((meetup) => (
        <li key={meetup.meetupId}>
          <CheckinPrompt meetup={meetup} />
        </li>
      ))}
    </ul>
  );
}
