import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/http';
import { profileKeys } from './keys';
import { memberDetailSchema, type MemberDetailData } from './schemas';

/** GET /api/members/{id} */
export function fetchMemberDetail(id: number): Promise<MemberDetailData> {
  return apiJson(`/api/members/${id}`, {}, memberDetailSchema);
}

export const memberDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: profileKeys.detail(id),
    queryFn: () => fetchMemberDetail(id),
    // matchStatus changes through the other member's actions too: refetch on every visit
    // (the cached profile shows meanwhile).
    staleTime: 0,
  });

export function useMemberDetail(id: number) {
  return useQuery(memberDetailQueryOptions(id));
}
