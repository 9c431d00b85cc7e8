import type { ComplimentCounts as Counts } from '../../../../contract/meetups';
import { COMPLIMENT_CODES, COMPLIMENT_LABELS } from '../../../../contract/meetups-values';
import { useCompliments, useMyCompliments } from '../../../entities/meetup';
import * as styles from './meetups.css';

/** "받은 칭찬" on another member's profile. */
export function ComplimentCounts({ memberId }: { memberId: number }) {
  return <CountsSection data={useCompliments(memberId).data} headingId={`compliments-${memberId}`} />;
}

/** "받은 칭찬" on one's own profile, drawn as on others' so a student sees what others see. */
export function MyComplimentCounts() {
  return <CountsSection data={useMyCompliments().data} headingId="compliments-me" />;
}

/** The compliments a member received after meetups, counted (nothing while there are none). */
function CountsSection({ data, headingId }: { data: Counts | undefined; headingId: string }) {
  if (!data || data.total === 0) return null;
  const counts = data.counts;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        받은 칭찬
      </h2>
      <ul className={styles.chips}>
        {COMPLIMENT_CODES.filter((code) => (counts[code] ?? 0) > 0).map((code) => (
          <li key={code} className={styles.badge}>
            {COMPLIMENT_LABELS[code]}
            <span className={styles.count}>{counts[code]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
