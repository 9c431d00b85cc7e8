import { createFileRoute } from '@tanstack/react-router';
import { blocksQueryOptions } from '../../entities/block';
import { BlockedList } from '../../features/safety';

export const Route = createFileRoute('/my/blocks')({
  staticData: { page: { title: '차단 목록', myPage: true } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(blocksQueryOptions());
  },
  // An unblocked member may show up in discovery again: the block entity refetches the member lists.
  component: () => <BlockedList />,
});
