import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import { memberDetailSchema, type MemberDetail } from './schemas';

/** GET /api/members/{id} */
function getMember(id: number): Promise<MemberDetail> {
  return apiJson(`/api/members/${id}`, {}, memberDetailSchema);
}

export const memberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: () => getMember(id),
    // matchStatus changes through the other member's actions too: refetch on every visit
    // (the cached profile shows meanwhile).
    staleTime: 0,
  });

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
