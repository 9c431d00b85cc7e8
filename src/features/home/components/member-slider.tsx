import { FirstLoad } from '../../../components/ui/first-load';
import { MemberCard } from '../../../components/ui/member-card';
import { memberCardProps, type MemberCard as MemberCardData } from '../../../entities/member';
import type { FirstLoadQuery } from '../../../lib/online-status';
import * as styles from './member-slider.css';

interface MemberSliderProps {
  title: string;
  id: string;
  members: readonly MemberCardData[] | undefined;
  /** Its query. First load under way: the slider's space is held (a failed or empty section collapses). */
  query: FirstLoadQuery;
}

/**
 * Spec "Home" 3–4: a horizontal slider of member cards, gap 16, 2 per view (3 from 480 px). The
 * browser's own horizontal scrolling (a swipe on a phone, as embla's `dragFree` did), not a
 * carousel library: embla measured both sliders with a forced layout at start-up (~60–90 ms each
 * on Lighthouse's 4× slowed phone, decision 0022).
 */
export function MemberSlider({ title, id, members, query }: MemberSliderProps) {
  return (
    <section className={styles.section} aria-labelledby={id} aria-busy={query.isPending}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {members && members.length > 0 ? (
        <ul className={styles.scroller}>
          {members.map((member) => (
            <li key={member.memberId} className={styles.slide}>
              <MemberCard {...memberCardProps(member)} />
            </li>
          ))}
        </ul>
      ) : query.isPending ? (
        <div className={styles.pending}>
          <FirstLoad query={query} inline loading={<div className={styles.hold} />} />
        </div>
      ) : null}
    </section>
  );
}
