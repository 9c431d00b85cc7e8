import { MemberCard } from '../../../components/ui/member-card';
import { memberCardProps, type MemberCard as MemberCardData } from '../../../entities/member';
import { useCarousel } from '../../../lib/use-carousel';
import * as styles from './member-slider.css';

interface MemberSliderProps {
  title: string;
  id: string;
  members: readonly MemberCardData[] | undefined;
  /** First load under way: the slider's space is held (a failed or empty section collapses). */
  loading: boolean;
}

/** Spec "Home" 3–4: a horizontal slider of member cards, gap 16, 2 per view (3 from 480 px). */
export function MemberSlider({ title, id, members, loading }: MemberSliderProps) {
  const [viewportRef] = useCarousel({ align: 'start', containScroll: 'trimSnaps', dragFree: true });
  return (
    <section className={styles.section} aria-labelledby={id} aria-busy={loading}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {members && members.length > 0 ? (
        <div className={styles.viewport} ref={viewportRef}>
          <ul className={styles.container}>
            {members.map((member) => (
              <li key={member.memberId} className={styles.slide}>
                <MemberCard {...memberCardProps(member)} />
              </li>
            ))}
          </ul>
        </div>
      ) : loading ? (
        <div className={styles.hold} />
      ) : null}
    </section>
  );
}
