import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { MATCH_LIST_STATUSES } from '../../contract/matches-values';
import { MatchingList } from '../features/matching';
import { PlanMeetupButton } from '../features/meetups';
import { oneOf, type Search } from '../lib/search-params';

// Spec section 5: selectTab only if ACCEPTED, REQUESTED or RECEIVED; anything else is the default.
const readSearch = (search: Record<string, unknown>) => ({ selectTab: oneOf(search.selectTab, MATCH_LIST_STATUSES) });
const validateSearch = (search: Record<string, unknown>): Search<ReturnType<typeof readSearch>> => readSearch(search);

declare module '@tanstack/react-router' {
  interface HistoryState {
    selectTab?: string;
  }
}

export const Route = createFileRoute('/matching')({
  validateSearch,
  staticData: { page: { title: '매칭 리스트', tabBar: true } },
  component: MatchingPage,
});

function MatchingPage() {
  const { selectTab } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Navigation state (e.g. from a notification) counts too; the query wins when both are given.
  const stateTab = useRouterState({ select: (s) => oneOf(s.location.state.selectTab, MATCH_LIST_STATUSES) });
  const tab = selectTab ?? stateTab ?? 'RECEIVED';
  return (
    <MatchingList
      tab={tab}
      onTabChange={(next) => void navigate({ search: { selectTab: next }, replace: true })}
      acceptedAction={(match) => <PlanMeetupButton matchId={match.matchId} partnerName={match.partnerName} />}
    />
  );
}
