import { useRef, type ReactNode } from 'react';
import { InterestTags } from '../../../components/ui/interest-tags';
import { KEYWORD_QUESTIONS, KEYWORD_TYPES } from '../../../../contract/members-values';
import { MyIcon } from '../../../components/ui/icons';
import { TimetableGrid } from '../../../components/ui/timetable-grid';
import { studentMeta, type Me } from '../../../entities/member';
import * as styles from './profile-body.css';

interface ProfileBodyProps {
  profile: Me;
  /** Drawn over the photo (own view: the photo button). */
  photoAction?: ReactNode;
  /** Under the header (own view: edit links). */
  children?: ReactNode;
}

/** Spec "Profile": header, 소개 / 런치챗 가능 시간 tabs, keyword questions, read-only timetable. */
export function ProfileBody({ profile, photoAction, children }: ProfileBodyProps) {
  const introRef = useRef<HTMLElement>(null);
  const timeRef = useRef<HTMLElement>(null);
  const keywords = profile.userKeywords.map((keyword) => keyword.title).filter(Boolean);
  return (
    <article className={styles.root}>
      <header className={styles.header}>
        <div className={styles.photoWrap}>
          {profile.profileImageUrl ? (
            <img className={styles.photo} src={profile.profileImageUrl} alt={`${profile.memberName}님의 프로필 사진`} />
          ) : (
            <span className={styles.photo} role="img" aria-label="기본 프로필 사진">
              <MyIcon size={48} />
            </span>
          )}
          {photoAction}
        </div>
        <h2 className={styles.name}>{profile.memberName}</h2>
        <p className={styles.meta}>{studentMeta(profile.studentNo, profile.department)}</p>
        {keywords.length > 0 ? <p className={styles.keywords}>{keywords.join(' | ')}</p> : null}
        <InterestTags codes={profile.userInterests} label="관심사" className={styles.pills} tagClassName={styles.pill} />
      </header>
      {children}
      <nav className={styles.tabs} aria-label="프로필 바로가기">
        <button type="button" className={styles.tab} onClick={() => introRef.current?.scrollIntoView?.({ behavior: 'smooth' })}>
          소개
        </button>
        <button type="button" className={styles.tab} onClick={() => timeRef.current?.scrollIntoView?.({ behavior: 'smooth' })}>
          런치챗 가능 시간
        </button>
      </nav>
      <section ref={introRef} className={styles.section} aria-labelledby="profile-intro">
        <h3 id="profile-intro" className={styles.sectionTitle}>
          소개
        </h3>
        <dl className={styles.questions}>
          {KEYWORD_TYPES.map((type) => {
            const keyword = profile.userKeywords.find((item) => item.type === type);
            return (
              <div key={type} className={styles.question}>
                <dt className={styles.questionTitle}>{KEYWORD_QUESTIONS[type]}</dt>
                <dd className={keyword?.title ? styles.keyword : styles.fallback}>{keyword?.title || '아직 등록된 키워드가 없어요'}</dd>
                <dd className={keyword?.description ? styles.description : styles.fallback}>{keyword?.description || '등록된 설명이 없어요'}</dd>
              </div>
            );
          })}
        </dl>
      </section>
      <section ref={timeRef} className={styles.section} aria-labelledby="profile-time">
        <h3 id="profile-time" className={styles.sectionTitle}>
          런치챗 가능 시간
        </h3>
        <TimetableGrid initialSlots={profile.timeTables} label="런치챗 가능 시간" />
      </section>
    </article>
  );
}
