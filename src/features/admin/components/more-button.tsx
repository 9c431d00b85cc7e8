import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import * as styles from './admin-console.css';

type PagedList = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'isPlaceholderData' | 'fetchNextPage'>;

/**
 * 더 보기 under the console's paged lists (기록, 회원), while another page follows. Not while the
 * previous search's rows stand in for a new one's: their next page is not the new list's. A next
 * page that failed says so: the rows already shown stay, and the button asks again.
 */
export function MoreButton({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <>
      {list.isFetchNextPageError && !list.isFetchingNextPage ? (
        <p role="alert" className={styles.fieldError}>
          다음 목록을 불러오지 못했어요. 더 보기를 다시 눌러 주세요.
        </p>
      ) : null}
      <Button size="md" variant="secondary" disabled={list.isFetchingNextPage || list.isPlaceholderData} onClick={() => void list.fetchNextPage()}>
        더 보기
      </Button>
    </>
  );
}
