import { useId, useState, type ReactNode } from 'react';
import { withParticle } from '../../../../contract/korean-particle';
import { formatMeetupRange, googleCalendarUrl } from '../../../../contract/meetups-values';
import type { MeetupStatus, Meetup } from '../../../../contract/meetups';
import { Button } from '../../../components/ui/button';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { ConfirmDialog } from '../../../components/ui/modal';
import { downloadMeetupIcs, useCancelMeetup, useConfirmMeetup, useDeclineMeetup, useMeetupMutationState } from '../../../entities/meetup';
import { showToast } from '../../../lib/toast';
import { CheckinSheet } from './checkin-sheet';
import * as styles from './meetups.css';
import { useNow } from '../../../lib/use-now';

const STATUS_LABEL: Record<MeetupStatus, string> = {
  PROPOSED: '수락 대기',
  CONFIRMED: '확정',
  DECLINED: '거절됨',
  CANCELLED: '취소됨',
  DONE: '만남 완료',
};

/**
 * The badge of a meetup that is over, by what is known: a proposal nobody answered in time; a
 * confirmed one this member has not answered ("만났나요?" beside it); one answered but not DONE,
 * which needs both to say 네 (the other said 아니요 or has not answered yet: contract section 14).
 */
function endedStatusLabel(meetup: Meetup): string {
  if (meetup.status === 'PROPOSED') return '응답 없음';
  if (meetup.status === 'CONFIRMED') return meetup.myCheckin ? '만남 확인 안 됨' : '지난 약속';
  return STATUS_LABEL[meetup.status];
}

/** `/meetups?checkin=next`: the in-app "만났나요?" (it names no meetup) opens the newest sheet awaiting an answer. */
export const CHECKIN_NEXT = 'next' as const;

/** A meetup that took place (confirmed, or done by the partner's answer) and that this member has not answered yet. */
export function awaitsCheckin(meetup: Meetup, ended: boolean): boolean {
  return (meetup.status === 'CONFIRMED' || meetup.status === 'DONE') && ended && !meetup.myCheckin;
}

const PENDING_LABEL = { confirm: '수락', decline: '거절', cancel: '취소', checkin: '체크인' } as const;

/**
 * One meetup with what the caller may do now: the partner 수락/거절 a proposal, the proposer
 * 취소 it, either 취소 a confirmed one before the start (asked first: the other member is
 * notified and it cannot be undone), 캘린더에 추가 (.ics and Google Calendar), and "만났나요?"
 * after the end. `pinned` is the chat room's strip (see `PinnedMeetup`).
 */
export function MeetupCard({
  meetup,
  past = false,
  openCheckin = false,
  pinned = false,
}: {
  meetup: Meetup;
  past?: boolean;
  openCheckin?: boolean;
  pinned?: boolean;
}) {
  const now = useNow(30_000);
  const confirm = useConfirmMeetup();
  const decline = useDeclineMeetup();
  const cancel = useCancelMeetup();
  const pending = useMeetupMutationState(meetup.meetupId);
  // `partner` is the other member as the caller sees it: the caller proposed when it is the partner column.
  const iProposed = meetup.proposerId !== meetup.partner.id;
  const open = meetup.status === 'PROPOSED' || meetup.status === 'CONFIRMED';
  const started = past || Date.parse(meetup.startsAt) <= now;
  // A card of the server's past list has ended whatever this device's clock says.
  const ended = past || Date.parse(meetup.endsAt) <= now;
  const busy = pending.action !== null;
  const onError = (error: Error) => showToast('처리하지 못했어요', error.message);
  // The promise, not mutate's callbacks: an answer refetches the meetup lists, which can take this
  // card away first (a cancelled meetup leaves 다가오는 약속 and the room; one gone meanwhile is a
  // 404), and the callbacks of an unmounted card are dropped. Toasts outlive the card.
  const send = (mutation: { mutateAsync(id: number): Promise<Meetup> }, done: (answered: Meetup) => void) =>
    void mutation.mutateAsync(meetup.meetupId).then(done, onError);
  const partnerName = meetup.partner.memberName;
  // The one who answers hears it too (the proposer gets MEETUP_CONFIRMED/DECLINED live): the
  // chip alone changed silently. Said with the server's meetup, once it is really sent.
  const confirmed = (answered: Meetup) =>
    showToast('약속이 확정됐어요', `${formatMeetupRange(answered.startsAt, answered.endsAt)}, ${answered.place}에서 ${partnerName}님과 만나요.`);
  const declined = () => showToast('약속을 거절했어요', `${partnerName}님에게 알렸어요.`);
  // A download shows nothing on a phone (no download bar): say where the file went and what to do with it.
  const addToCalendar = () => void downloadMeetupIcs(meetup.meetupId).then(() => showToast('캘린더 파일을 받았어요', '열어서 일정에 추가해 주세요.'), onError);
  const [askingCancel, setAskingCancel] = useState(false);
  // A proposal is the proposer's to withdraw (its partner 거절s it); a confirmed one either may cancel.
  const canCancel = open && !started && (meetup.status === 'CONFIRMED' || iProposed);
  const canCheckin = awaitsCheckin(meetup, ended);
  // Opened from the "만났나요?" notification: the sheet is up at once.
  const [checkinOpen, setCheckinOpen] = useState(openCheckin && canCheckin);

  // Only a confirmed meetup goes to a calendar: a proposal's entry would stay after a decline.
  const calendar = meetup.status === 'CONFIRMED' && !ended;
  const status = ended ? endedStatusLabel(meetup) : STATUS_LABEL[meetup.status];
  const answerClass = pinned ? styles.pinButton : undefined;
  const view: MeetupCardView = {
    when: formatMeetupRange(meetup.startsAt, meetup.endsAt),
    // "학생식당 · 김민지님과" after the status: the line reads as whom the lunch is with.
    where: `${meetup.place} · ${meetup.partner.memberName}님${meetup.status === 'PROPOSED' && !ended ? (iProposed ? '의 답을 기다리고 있어요' : '이 제안했어요') : '과'}`,
    pendingNote: pending.action ? (
      <p className={styles.note} role="status">
        {pending.offline ? `오프라인 — 연결되면 ${withParticle(PENDING_LABEL[pending.action], '을/를')} 보낼게요` : `${PENDING_LABEL[pending.action]} 중이에요`}
      </p>
    ) : null,
    checkinNote: meetup.myCheckin ? <p className={styles.note}>{meetup.myCheckin.met ? '만났다고 답했어요' : '만나지 못했다고 답했어요'}</p> : null,
    // What the student is asked to do now: answer a proposal, or say whether they met.
    answer:
      meetup.status === 'PROPOSED' && !iProposed && !started ? (
        <>
          <Button size="md" className={answerClass} disabled={busy} onClick={() => send(confirm, confirmed)}>
            수락
          </Button>
          <Button size="md" className={answerClass} variant="secondary" disabled={busy} onClick={() => send(decline, declined)}>
            거절
          </Button>
        </>
      ) : canCheckin ? (
        <Button size="md" className={answerClass} disabled={busy} onClick={() => setCheckinOpen(true)}>
          만났나요?
        </Button>
      ) : null,
    // The rest, which can wait (behind the pinned strip's toggle).
    later:
      calendar || canCancel ? (
        <>
          {calendar ? (
            <>
              <Button size="md" variant="secondary" onClick={addToCalendar}>
                캘린더에 추가
              </Button>
              <a className={styles.link} href={googleCalendarUrl(meetup)} target="_blank" rel="noreferrer">
                Google 캘린더
              </a>
            </>
          ) : null}
          {canCancel ? (
            <Button size="md" variant="ghost" disabled={busy} onClick={() => setAskingCancel(true)}>
              취소
            </Button>
          ) : null}
        </>
      ) : null,
  };
  const label = `${meetup.partner.memberName}님과의 약속`;
  const overlays = (
    <>
      {checkinOpen ? <CheckinSheet meetup={meetup} open onClose={() => setCheckinOpen(false)} /> : null}
      <ConfirmDialog
        open={askingCancel}
        onClose={() => setAskingCancel(false)}
        title="약속을 취소할까요?"
        text="상대에게 알림이 가요."
        confirmLabel="약속 취소"
        cancelLabel="닫기"
        onConfirm={() => send(cancel, () => showToast('약속을 취소했어요', `${partnerName}님에게 알렸어요.`))}
      />
    </>
  );

  if (pinned) {
    return (
      <PinnedMeetup label={label} status={status} view={view}>
        {overlays}
      </PinnedMeetup>
    );
  }
  return (
    <article className={styles.card} aria-label={label}>
      <div className={styles.cardTop}>
        <span className={styles.eyebrow}>{meetup.status === 'PROPOSED' ? '약속 제안' : '점심 약속'}</span>
        <span className={styles.badge}>{status}</span>
      </div>
      <p className={styles.when}>{view.when}</p>
      <p className={styles.where}>{view.where}</p>
      {view.pendingNote}
      {view.checkinNote}
      <div className={styles.actions}>
        {view.answer}
        {view.later}
      </div>
      {overlays}
    </article>
  );
}

interface MeetupCardView {
  when: string;
  where: string;
  pendingNote: ReactNode;
  checkinNote: ReactNode;
  answer: ReactNode;
  later: ReactNode;
}

/**
 * The chat room's pinned meetup, compact like a messenger's pinned notice: at 390×844 the full
 * card took ~220 px, a quarter of the chat. One row: when, then status · place (or what is being
 * sent), the answer the student owes at hand; a tap on the text opens the rest (calendar, 취소,
 * the whole place line).
 */
function PinnedMeetup({ label, status, view, children }: { label: string; status: string; view: MeetupCardView; children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const hasDetails = view.later !== null || view.checkinNote !== null;
  return (
    <article className={styles.pin} aria-label={label}>
      <div className={styles.pinRow}>
        <div className={styles.pinSummary}>
          <div className={styles.pinText}>
            <p className={styles.pinWhen}>{view.when}</p>
            {view.pendingNote ?? (
              <p className={styles.pinWhere}>
                <span className={styles.pinStatus}>{status}</span> · {view.where}
              </p>
            )}
          </div>
          {hasDetails ? (
            // A small chevron whose touch area covers the text beside it (its ::after), so the
            // lines keep their width and the pending note stays a live region outside a button.
            <button
              type="button"
              className={styles.pinToggle}
              aria-label="약속 자세히 보기"
              aria-expanded={expanded}
              // Only while the details exist (a reference to a missing id is an ARIA error).
              aria-controls={expanded ? detailsId : undefined}
              onClick={() => setExpanded((value) => !value)}
            >
              <ChevronDownIcon size={20} className={expanded ? styles.pinChevronOpen : undefined} />
            </button>
          ) : null}
        </div>
        {view.answer}
      </div>
      {expanded ? (
        <div id={detailsId} className={styles.pinDetails}>
          <p className={styles.where}>{view.where}</p>
          {view.checkinNote}
          {view.later ? <div className={styles.actions}>{view.later}</div> : null}
        </div>
      ) : null}
      {children}
    </article>
  );
}
