import { Link } from '@tanstack/react-router';
import { interestLabel } from '../../../contract/interests-values';
import { MyIcon } from './icons';
import * as styles from './member-card.css';

export interface MemberCardProps {
  /** Without an id the card is not a link (spec "Member card"). */
  id?: number | null;
  name: string;
  department: string;
  studentNo?: string | null;
  imageUrl: string | null;
  keywords: readonly string[];
  /** Interest codes; unknown codes are shown raw. */
  interests: readonly string[];
}

/** Spec "Member card": photo, name, department + student number, keywords, interest pills. */
export function MemberCard({ id, name, department, studentNo, imageUrl, keywords, interests }: MemberCardProps) {
  const meta = [department, studentNo ? `${studentNo}학번` : ''].filter(Boolean).join(' · ');
  const body = (
    <>
      {imageUrl ? (
        <img className={styles.photo} src={imageUrl} alt="" loading="lazy" />
      ) : (
        <span className={styles.photo} aria-hidden="true">
          <MyIcon size={40} />
        </span>
      )}
      <span className={styles.name}>{name}</span>
      {meta ? (
        // A long department gives way (ellipsis) and the 학번 stays whole beside it.
        <span className={styles.meta}>
          {department ? <span className={styles.department}>{department}</span> : null}
          {studentNo ? <span className={styles.studentNo}>{`${department ? ' · ' : ''}${studentNo}학번`}</span> : null}
        </span>
      ) : null}
      {keywords.length > 0 ? (
        <span className={styles.keywords}>
          {keywords.map((keyword, index) => (
            <span key={`${keyword}-${index}`}>
              {index > 0 ? (
                <span className={styles.bar} aria-hidden="true">
                  |
                </span>
              ) : null}
              {keyword}
            </span>
          ))}
        </span>
      ) : null}
      {interests.length > 0 ? (
        <span className={styles.pills}>
          {interests.map((code) => (
            <span key={code} className={styles.pill}>
              {interestLabel(code)}
            </span>
          ))}
        </span>
      ) : null}
    </>
  );
  if (id == null) return <div className={styles.card}>{body}</div>;
  return (
    <Link to="/profile/$id" params={{ id }} className={`${styles.card} ${styles.link}`} aria-label={`${name}${meta ? `, ${meta}` : ''} 프로필 보기`}>
      {body}
    </Link>
  );
}
