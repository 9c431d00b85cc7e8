import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAcceptedMatchId, useMeetups, usePendingCheckins } from '../../../entities/meetup';
import { CheckinPrompt } from './checkin-prompt';
import { MeetupCard } from './meetup-card';
import * as styles from './meetups.css';
import { PlanMeetupSheet } from './plan-meetup-sheet';

/**
 * The chat room's meetup strip (decision 0013): the pair's open meetup pinned above the messages
 * as one compact row ("약속 제안" with 수락/거절 for the partner), else "만났나요?" for their last
 * lunch while unanswered, else the "약속 잡기" action.
 */
export function RoomMeetup({ friendId, friendName }: { friendId: number; friendName: string }) {
  const upcoming = useMeetups('upcoming');
  const matchId = useAcceptedMatchId(friendId);
  // The match 약속 잡기's sheet is up for, held here and not in the button: when the partner's
  // proposal arrives meanwhile the card takes the button's place, and the sheet stays (same place in
  // the tree) to say so, with the student's pick still shown, instead of vanishing with the button.
  // Kept while the sheet is up even when the match is gone (a block: the proposal's 404 refetches
  // the accepted match, now none), so the sheet says why and keeps what was typed.
  const [planning, setPlanning] = useState<number | null>(null);
  const meetup = upcoming.data?.find((m) => m.partner.id === friendId);
  // Their last lunch is over and unanswered: "만났나요?" here rather than a bare 약속 잡기 (the
  // notification may be gone). Once answered, 약속 잡기 is back.
  const checkin = usePendingCheckins().find((m) => m.partner.id === friendId);
  const acceptedMatchId = typeof matchId.data === 'number' ? matchId.data : null;
  if (!meetup && !checkin && acceptedMatchId === null && planning === null) return null;
  return (
    <div className={styles.pinned}>
      {meetup ? (
        <MeetupCard meetup={meetup} pinned />
      ) : checkin ? (
        <CheckinPrompt meetup={checkin} pinned />
      ) : (
        <Button size="md" variant="secondary" disabled={acceptedMatchId === null} onClick={() => setPlanning(acceptedMatchId)}>
          약속 잡기
        </Button>
      )}
      {planning !== null ? <PlanMeetupSheet matchId={planning} partnerName={friendName} open onClose={() => setPlanning(null)} /> : null}
    </div>
  );
}

/** On a member's profile: "약속 잡기" when the caller has an accepted match with them. */
export function ProfilePlanMeetup({ memberId, memberName }: { memberId: number; memberName: string }) {
  const matchId = useAcceptedMatchId(memberId);
  // As in the room: the sheet outlives the match (a refused proposal after a block) to say why.
  const [planning, setPlanning] = useState<number | null>(null);
  const acceptedMatchId = typeof matchId.data === 'number' ? matchId.data : null;
  if (acceptedMatchId === null && planning === null) return null;
  return (
    <div className={styles.section}>
      <Button size="md" variant="secondary" disabled={acceptedMatchId === null} onClick={() => setPlanning(acceptedMatchId)}>
        약속 잡기
      </Button>
      {planning !== null ? <PlanMeetupSheet matchId={planning} partnerName={memberName} open onClose={() => setPlanning(null)} /> : null}
    </div>
  );
}
