import type { z } from 'zod';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../../contract/admin-values';
import type { adminMemberPageSchema, AdminMemberPage } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { afterLastEntry } from './keyset-page';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** Where the next page starts: the last row shown, by both keys of the list's order. */
interface MembersCursor {
  after: number;
  afterReports: number;
}

/**
 * GET /api/admin/members?query&universityId&size&after&afterReports — name or e-mail contains the
 * text; most open reports first. `size` asks for the paged answer (without it the server keeps
 * answering its old array of 50).
 */
function getMembers(query: string, universityId: number | null, cursor: MembersCursor | undefined, signal?: AbortSignal): Promise<AdminMemberPage> {
  const search = new URLSearchParams({ query, size: String(ADMIN_PAGE_SIZE) });
  if (universityId !== null) search.set('universityId', String(universityId));
  if (cursor) {
    search.set('after', String(cursor.after));
    search.set('afterReports', String(cursor.afterReports));
  }
  return apiJson<z.infer<typeof adminMemberPageSchema>>(`/api/admin/members?${search.toString()}`, { signal });
}

const membersQueryOptions = (query: string, universityId: number | null) =>
  infiniteQueryOptions({
    queryKey: adminKeys.membersOf(query, universityId),
    queryFn: ({ pageParam, signal }) => getMembers(query, universityId, pageParam, signal),
    initialPageParam: undefined as MembersCursor | undefined,
    getNextPageParam: afterLastEntry<AdminMemberPage['entries'][number], MembersCursor>((m) => ({ after: m.memberId, afterReports: m.openReports })),
    meta: ADMIN_QUERY_META,
  });

/**
 * Each search or campus is a list of its own, from its first page. The last answer stays on
 * screen while the next search runs (no flash of an empty table).
 */
export function useAdminMembers(query: string, universityId: number | null) {
  return useInfiniteQuery({ ...membersQueryOptions(query, universityId), placeholderData: keepPreviousData });
}
