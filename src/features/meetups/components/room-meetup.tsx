import { useAcceptedMatchId, useMeetups } from '../../../entities/meetup';
import { MeetupCard } from './meetup-card';
import * as styles from './meetups.css';
import { PlanMeetupButton } from './plan-meetup-sheet';

/**
 * The chat room's meetup strip (decision 0013): the pair's open meetup as a card pinned above the
 * messages ("약속 제안" with 수락/거절 for the partner), else the "약속 잡기" action.
 */
export function RoomMeetup({ friendId, friendName }: { friendId: number; friendName: string }) {
  const upcoming = useMeetups('upcoming');
  const matchId = useAcceptedMatchId(friendId);
  const meetup = upcoming.data?.find((m) => m.partner.id === friendId);
  if (meetup) {
    return (
      <div className={styles.pinned}>
        <MeetupCard meetup={meetup} />
      </div>
    );
  }
  if (typeof matchId.data !== 'number') return null;
  return (
    <div className={styles.pinned}>
      <PlanMeetupButton matchId={matchId.data} partnerName={friendName} />
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
