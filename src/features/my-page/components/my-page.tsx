import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { MyIcon } from '../../../components/ui/icons';
import { FirstLoad } from '../../../components/ui/first-load';
import { useMyPage, type MyPage as MyPageInfo } from '../../../entities/member';
import * as styles from './my-page.css';
import { MySummary } from './my-summary';
import { useLogError } from '../../../lib/use-log-error';

const COUNTERS = [
  { tab: 'RECEIVED', label: '받은 요청', field: 'received' },
  { tab: 'REQUESTED', label: '보낸 요청', field: 'requested' },
  { tab: 'ACCEPTED', label: '매칭 완료', field: 'completed' },
] as const satisfies readonly { tab: string; label: string; field: keyof MyPageInfo }[];

/** Spec "My page": summary, three counters into /matching, the own-profile link; `footer` is the logout. */
export function MyPageView({ footer }: { footer?: React.ReactNode }) {
  const query = useMyPage();
  useLogError('my page', query.error);

  if (query.isPending) return <FirstLoad query={query} />;
  if (query.isError) {
    return (
      <div className={styles.column}>
        <EmptyState icon={<MyIcon size={40} />} title="내 정보를 불러오지 못했어요" text="잠시 후 다시 시도해 주세요." />
        <Button variant="secondary" block onClick={() => void query.refetch()}>
          다시 불러오기
        </Button>
        {footer}
      </div>
    );
  }
  const info = query.data;
  return (
    <div className={styles.column}>
      <MySummary info={info} />
      <nav aria-label="나의 런치챗 현황">
        <ul className={styles.counters}>
          {COUNTERS.map(({ tab, label, field }) => (
            <li key={tab} className={styles.counterItem}>
              <Link to="/matching" search={{ selectTab: tab }} className={styles.counter}>
                <span className={styles.count}>{info[field]}</span>
                <span className={styles.counterLabel}>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/my/profile" className={styles.row}>
        <span>나의 프로필</span>
        <span aria-hidden="true" className={styles.chevron}>
          ›
        </span>
      </Link>
      {/* 지난 약속 and "만났나요?" are there too, also once the notification is gone. */}
      <Link to="/meetups" className={styles.row}>
        <span>내 약속</span>
        <span aria-hidden="true" className={styles.chevron}>
          ›
        </span>
      </Link>
      <Link to="/my/blocks" className={styles.row}>
        <span>차단 목록</span>
        <span aria-hidden="true" className={styles.chevron}>
          ›
        </span>
      </Link>
      {footer}
    </div>
  );
}
