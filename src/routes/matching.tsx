import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { z } from 'zod';
import { MATCH_LIST_STATUSES } from '../../contract/matches';
import { MatchingList } from '../features/matching';
import { PlanMeetupButton } from '../features/meetups';

// Spec section 5: selectTab only if ACCEPTED, REQUESTED or RECEIVED; anything else is the default.
const selectTabSchema = z.enum(MATCH_LIST_STATUSES);
const searchSchema = z.object({ selectTab: selectTabSchema.optional().catch(undefined) });

declare module '@tanstack/react-router' {
  interface HistoryState {
    selectTab?: string;
  }
}

export const Route = createFileRoute('/matching')({
  validateSearch: searchSchema,
  staticData: { page: { title: '매칭 리스트', tabBar: true } },
  component: MatchingPage,
});

function MatchingPage() {
  const { selectTab } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Navigation state (e.g. from a notification) counts too; the query wins when both are given.
  const stateTab = useRouterState({ select: (s) => selectTabSchema.safeParse(s.location.state.selectTab).data });
  const tab = selectTab ?? stateTab ?? 'RECEIVED';
  return (
    <MatchingList
      tab={tab}
      onTabChange={(next) => void navigate({ search: { selectTab: next }, replace: true })}
      acceptedAction={(match) => <PlanMeetupButton matchId={match.matchId} partnerName={match.partnerName} />}
    />
  );
}
