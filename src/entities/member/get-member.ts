import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import { withSubjects, type MemberDetail } from './schemas';

/** GET /api/members/{id} */
async function getMember(id: number): Promise<MemberDetail> {
  return withSubjects(await apiJson<MemberDetail>(`/api/members/${id}`, {}));
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
