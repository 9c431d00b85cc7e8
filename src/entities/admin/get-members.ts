import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { adminMemberRowsSchema, AdminMemberRow } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/members?query&universityId — name or e-mail contains the text; most open reports first. */
function getMembers(query: string, universityId: number | null, signal?: AbortSignal): Promise<AdminMemberRow[]> {
  const search = new URLSearchParams({ query });
  if (universityId !== null) search.set('universityId', String(universityId));
  return apiJson<z.infer<typeof adminMemberRowsSchema>>(`/api/admin/members?${search.toString()}`, { signal });
}

const membersQueryOptions = (query: string, universityId: number | null) =>
  queryOptions({
    queryKey: adminKeys.membersOf(query, universityId),
    queryFn: ({ signal }) => getMembers(query, universityId, signal),
    meta: ADMIN_QUERY_META,
  });

/** The last answer stays on screen while the next search runs (no flash of an empty table). */
export function useAdminMembers(query: string, universityId: number | null) {
  return useQuery({ ...membersQueryOptions(query, universityId), placeholderData: keepPreviousData });
}
