import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAcceptedMatchId, useMeetups } from '../../../entities/meetup';
import { MeetupCard } from './meetup-card';
import * as styles from './meetups.css';
import { PlanMeetupButton, PlanMeetupSheet } from './plan-meetup-sheet';

/**
 * The chat room's meetup strip (decision 0013): the pair's open meetup pinned above the messages
 * as one compact row ("약속 제안" with 수락/거절 for the partner), else the "약속 잡기" action.
 */
export function RoomMeetup({ friendId, friendName }: { friendId: number; friendName: string }) {
  const upcoming = useMeetups('upcoming');
  const matchId = useAcceptedMatchId(friendId);
  // Whether 약속 잡기's sheet is up, held here and not in the button: when the partner's proposal
  // arrives meanwhile the card takes the button's place, and the sheet stays (same place in the
  // tree) to say so, with the student's pick still shown, instead of vanishing with the button.
  const [planning, setPlanning] = useState(false);
  const meetup = upcoming.data?.find((m) => m.partner.id === friendId);
  const acceptedMatchId = typeof matchId.data === 'number' ? matchId.data : null;
  if (!meetup && acceptedMatchId === null) return null;
  return (
    <div className={styles.pinned}>
      {meetup ? (
        <MeetupCard meetup={meetup} pinned />
      ) : (
        <Button size="md" variant="secondary" onClick={() => setPlanning(true)}>
          약속 잡기
        </Button>
      )}
      {planning && acceptedMatchId !== null ? (
        <PlanMeetupSheet matchId={acceptedMatchId} partnerName={friendName} open onClose={() => setPlanning(false)} />
      ) : null}
    </div>
  );
}

/** On a member's profile: "약속 잡기" when the caller has an accepted match with them. */
export function ProfilePlanMeetup({ memberId, memberName }: { memberId: number; memberName: string }) {
  const matchId = useAcceptedMatchId(memberId);
  if (typeof matchId.data !== 'number') return null;
  return (
    <div className={styles.section}>
      <PlanMeetupButton matchId={matchId.data} partnerName={memberName} />
    </div>
  );
}
