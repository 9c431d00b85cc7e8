import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MeetupScope } from '../../../../contract/meetups';
import { FirstLoad } from '../../../components/ui/first-load';
import { useMeetups } from '../../../entities/meetup';
import { PendingCheckins } from './checkin-prompt';
import { awaitsCheckin, CHECKIN_NEXT, MeetupCard } from './meetup-card';
import * as styles from './meetups.css';
import { useLogError } from '../../../lib/use-log-error';

const TITLES: Record<MeetupScope, { title: string; empty: string }> = {
  upcoming: { title: '다가오는 약속', empty: '다가오는 약속이 없어요. 매칭 완료된 친구와 약속을 잡아 보세요.' },
  past: { title: '지난 약속', empty: '지난 약속이 없어요.' },
};

interface MeetupListProps {
  scope: MeetupScope;
  hideWhenEmpty?: boolean;
  /** The meetup whose check-in sheet opens at once; `next`: the newest one still awaiting its check-in. */
  checkinId?: number | typeof CHECKIN_NEXT;
  /** In a column that pads its sides already (마이페이지): no side margin of its own. */
  inColumn?: boolean;
  /** 전체 보기 beside the title: 내 약속 (/meetups), where 지난 약속 are. */
  allLink?: boolean;
  /** Shown under the title, above the list (the check-ins still owed). */
  top?: ReactNode;
}

/** "다가오는 약속" (home, 마이페이지, /meetups) or "지난 약속"; read from the persisted cache offline. */
export function MeetupList({ scope, hideWhenEmpty = false, checkinId, inColumn = false, allLink = false, top }: MeetupListProps) {
  const query = useMeetups(scope);
  useLogError('meetups', query.error);
  const items = query.data ?? [];
  if (hideWhenEmpty && items.length === 0) return null;
  const headingId = `meetups-${scope}`;
  // The past list is newest first, so the first meetup awaiting a check-in is the newest one.
  const openCheckinId = checkinId === CHECKIN_NEXT ? items.find((m) => awaitsCheckin(m, true))?.meetupId : checkinId;
  return (
    <section className={inColumn ? styles.sectionInColumn : styles.section} aria-labelledby={headingId}>
      <div className={styles.headingRow}>
        <h2 id={headingId} className={styles.heading}>
          {TITLES[scope].title}
        </h2>
        {allLink ? (
          <Link to="/meetups" className={styles.allLink}>
            전체 보기
          </Link>
        ) : null}
      </div>
      {top}
      {query.isPending ? <FirstLoad query={query} inline /> : null}
      {query.isError && !query.data ? <p className={styles.error}>약속을 불러오지 못했어요.</p> : null}
      {query.isSuccess && items.length === 0 ? <p className={styles.empty}>{TITLES[scope].empty}</p> : null}
      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((meetup) => (
            <li key={meetup.meetupId}>
              <MeetupCard meetup={meetup} past={scope === 'past'} openCheckin={meetup.meetupId === openCheckinId} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** 다가오는 약속 on home and 마이페이지, with the lunches over and not yet answered ("만났나요?") first. */
export function UpcomingMeetups({ inColumn = false, allLink = false }: { inColumn?: boolean; allLink?: boolean }) {
  return <MeetupList scope="upcoming" inColumn={inColumn} allLink={allLink} top={<PendingCheckins />} />;
}
