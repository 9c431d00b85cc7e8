import { createFileRoute } from '@tanstack/react-router';
import { blocksQueryOptions } from '../../entities/block';
import { exploreKeys } from '../../features/explore/api/keys';
import { homeKeys } from '../../features/home/api/keys';
import { BlockedList } from '../../features/safety';

// An unblocked member may show up in discovery again.
const RETURNS_TO = [homeKeys.all, exploreKeys.all];

export const Route = createFileRoute('/my/blocks')({
  staticData: { page: { title: '차단 목록', myPage: true } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(blocksQueryOptions());
  },
  component: () => <BlockedList invalidateOnUnblock={RETURNS_TO} />,
});
