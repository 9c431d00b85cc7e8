import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import type { MyPage } from './schemas';

/** GET /api/members/mypage */
function getMyPage(): Promise<MyPage> {
  return apiJson('/api/members/mypage', {});
}

export const myPageQueryOptions = () => queryOptions({ queryKey: memberKeys.myPage(), queryFn: getMyPage });

export function useMyPage() {
  return useQuery(myPageQueryOptions());
}
