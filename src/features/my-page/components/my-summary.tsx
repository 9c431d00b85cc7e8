import { InterestTags } from '../../../components/ui/interest-tags';
import { studentMeta, type MyPage as MyPageInfo } from '../../../entities/member';
import * as styles from './my-summary.css';
import { ProfileAvatar } from './profile-avatar';

/** Own photo, name, `NN학번 · department`, keywords and tag labels (the first block of the my page). */
export function MySummary({ info }: { info: MyPageInfo }) {
  const keywords = info.keywords.filter((keyword) => keyword.trim() !== '');
  return (
    <section className={styles.card} aria-label="내 정보">
      <div className={styles.top}>
        <ProfileAvatar url={info.profileImageUrl} name={info.name} className={styles.avatar} />
        <div className={styles.identity}>
          <p className={styles.name}>{info.name}</p>
          <p className={styles.meta}>{studentMeta(info.studentId, info.department)}</p>
        </div>
      </div>
      {keywords.length > 0 ? (
        <p className={styles.keywords}>
          <span className={styles.visuallyHidden}>키워드: </span>
          {keywords.map((keyword, index) => (
            <span key={`${keyword}-${index}`}>
              {index > 0 ? (
                <span className={styles.bar} aria-hidden="true">
                  {' | '}
                </span>
              ) : null}
              {keyword}
              {index < keywords.length - 1 ? <span className={styles.visuallyHidden}>,</span> : null}
            </span>
          ))}
        </p>
      ) : null}
      <InterestTags codes={info.tags} label="관심 주제" className={styles.tags} tagClassName={styles.tag} />
    </section>
  );
}
