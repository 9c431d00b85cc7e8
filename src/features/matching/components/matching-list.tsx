import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { MatchListStatus } from '../../../../contract/matches';
import { cardGrid } from '../../../components/ui/card-grid.css';
import { InfiniteSentinel } from '../../../components/ui/infinite-sentinel';
import { MemberCard } from '../../../components/ui/member-card';
import { FirstLoad } from '../../../components/ui/first-load';
import { Spinner } from '../../../components/ui/spinner';
import { useMatches } from '../../../entities/match';
import * as styles from './matching-list.css';
import { ReceivedActions, SentActions } from './request-actions';
import { useLogError } from '../../../lib/use-log-error';

const TABS: Record<MatchListStatus, { label: string; empty: string }> = {
  RECEIVED: { label: '받은 요청', empty: '받은 요청이 없어요' },
  REQUESTED: { label: '보낸 요청', empty: '보낸 요청이 없어요' },
  ACCEPTED: { label: '매칭 완료', empty: '완료된 매칭이 없어요' },
};
// Spec order: received, sent, completed.
const ORDER: readonly MatchListStatus[] = ['RECEIVED', 'REQUESTED', 'ACCEPTED'];

interface MatchingListProps {
  tab: MatchListStatus;
  onTabChange: (tab: MatchListStatus) => void;
  /** Under each card of the 매칭 완료 tab (e.g. "약속 잡기", composed by the route). */
  acceptedAction?: (match: { matchId: number; partnerId: number; partnerName: string }) => ReactNode;
}

/** Spec "Matching": three tabs, each a grid of profile cards with infinite paging. */
export function MatchingList({ tab, onTabChange, acceptedAction }: MatchingListProps) {
  const tabRefs = useRef<Partial<Record<MatchListStatus, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = ORDER.indexOf(tab);
    let next: MatchListStatus | undefined;
    if (event.key === 'ArrowRight') next = ORDER[(index + 1) % ORDER.length];
    else if (event.key === 'ArrowLeft') next = ORDER[(index + ORDER.length - 1) % ORDER.length];
    else if (event.key === 'Home') next = ORDER[0];
    else if (event.key === 'End') next = ORDER[ORDER.length - 1];
    if (!next) return;
    event.preventDefault();
    onTabChange(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className={styles.root}>
      <div role="tablist" aria-label="매칭 리스트" className={styles.tablist} onKeyDown={onKeyDown}>
        {ORDER.map((status) => (
          <button
            key={status}
            ref={(element) => {
              tabRefs.current[status] = element;
            }}
            type="button"
            role="tab"
            id={`matching-tab-${status}`}
            aria-selected={status === tab}
            aria-controls={`matching-panel-${status}`}
            tabIndex={status === tab ? 0 : -1}
            className={status === tab ? styles.tabActive : styles.tab}
            onClick={() => onTabChange(status)}
          >
            {TABS[status].label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={styles.panel} id={`matching-panel-${tab}`} aria-labelledby={`matching-tab-${tab}`}>
        <MatchPanel key={tab} status={tab} acceptedAction={tab === 'ACCEPTED' ? acceptedAction : undefined} />
      </div>
    </div>
  );
}

function MatchPanel({ status, acceptedAction }: { status: MatchListStatus; acceptedAction?: MatchingListProps['acceptedAction'] }) {
  const query = useMatches(status);
  useLogError('matches', query.error);

  if (query.isPending) return <FirstLoad query={query} />;
  if (query.isError && !query.data) return <p className={styles.message}>목록을 불러오지 못했어요</p>;
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  if (items.length === 0) return <p className={styles.message}>{TABS[status].empty}</p>;
  return (
    <>
      <ul className={cardGrid} aria-label={TABS[status].label}>
        {items.map((item) => (
          <li key={item.id} className={styles.cell}>
            <MemberCard
              id={item.matchedUser.id}
              name={item.matchedUser.memberName}
              department={item.matchedUser.department}
              studentNo={item.matchedUser.studentNo}
              imageUrl={item.matchedUser.profileImageUrl}
              keywords={item.matchedUser.userKeywords.map((keyword) => keyword.keywordName)}
              interests={item.matchedUser.userInterests.map((interest) => interest.interestName)}
            />
            {status === 'RECEIVED' ? (
              <ReceivedActions
                memberId={item.matchedUser.id}
                memberName={item.matchedUser.memberName}
                department={item.matchedUser.department}
                imageUrl={item.matchedUser.profileImageUrl}
                expiresAt={item.expiresAt}
              />
            ) : status === 'REQUESTED' ? (
              <SentActions memberId={item.matchedUser.id} memberName={item.matchedUser.memberName} expiresAt={item.expiresAt} />
            ) : (
              acceptedAction?.({ matchId: item.id, partnerId: item.matchedUser.id, partnerName: item.matchedUser.memberName })
            )}
          </li>
        ))}
      </ul>
      <InfiniteSentinel enabled={query.hasNextPage && !query.isFetchingNextPage} onVisible={() => void query.fetchNextPage()} />
      {query.isFetchingNextPage ? <Spinner /> : null}
    </>
  );
}
