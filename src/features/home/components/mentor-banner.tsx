import { useRouter } from '@tanstack/react-router';
import type { MentorBanner as MentorBannerData } from '../mentor-banner-query';
import * as styles from './mentor-banner.css';

/** Spec "Home" 5: this month's mentor, with 지금 신청하기 → /monthly-mentor. Its space is held while it loads. */
export function MentorBanner({ mentor, loading }: { mentor: MentorBannerData | undefined; loading: boolean }) {
  const router = useRouter();
  // Held while loading, so the intro tiles below do not jump.
  if (!mentor) return loading ? <div className={styles.hold} /> : null;
  // Nothing saved for this month (contract section 13): no mentor to show, nothing to apply for.
  if (mentor.configured === false)
    return (
      <section className={styles.banner} aria-labelledby="home-mentor">
        <p className={styles.eyebrow}>이달의 커피챗 멘토</p>
        <h2 id="home-mentor" className={styles.name}>
          이번 달 멘토를 준비하고 있어요
        </h2>
        <p className={styles.sub}>멘토가 정해지면 이곳에서 소개할게요.</p>
      </section>
    );
  return (
    <section className={styles.banner} aria-labelledby="home-mentor">
      <p className={styles.eyebrow}>이달의 커피챗 멘토</p>
      <h2 id="home-mentor" className={styles.name}>
        {mentor.mentorName}
      </h2>
      <p className={styles.sub}>{mentor.mentorSub}</p>
      <p className={styles.titleLine}>{mentor.mentorTitle}</p>
      {/* /monthly-mentor is another issue's lazy route: a plain path keeps home independent of it. */}
      <a
        href="/monthly-mentor"
        className={styles.button}
        onClick={(event) => {
          event.preventDefault();
          router.history.push('/monthly-mentor');
        }}
      >
        지금 신청하기
      </a>
    </section>
  );
}
