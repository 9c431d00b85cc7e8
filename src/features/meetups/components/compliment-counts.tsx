import { COMPLIMENT_CODES, COMPLIMENT_LABELS } from '../../../../contract/meetups-values';
import { useCompliments } from '../../../entities/meetup';
import * as styles from './meetups.css';

/** "받은 칭찬": the compliments a member received after meetups, counted (nothing while there are none). */
export function ComplimentCounts({ memberId }: { memberId: number }) {
  const query = useCompliments(memberId);
  if (!query.data || query.data.total === 0) return null;
  const counts = query.data.counts;
  return (
    <section className={styles.section} aria-labelledby={`compliments-${memberId}`}>
      <h2 id={`compliments-${memberId}`} className={styles.heading}>
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
