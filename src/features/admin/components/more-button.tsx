import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';

type PagedList = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isPlaceholderData' | 'fetchNextPage'>;

/**
 * 더 보기 under the console's paged lists (기록, 회원), while another page follows. Not while the
 * previous search's rows stand in for a new one's: their next page is not the new list's.
 */
export function MoreButton({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <Button size="md" variant="secondary" disabled={list.isFetchingNextPage || list.isPlaceholderData} onClick={() => void list.fetchNextPage()}>
      더 보기
    </Button>
  );
}
