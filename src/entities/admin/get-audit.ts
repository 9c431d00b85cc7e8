import type { z } from 'zod';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { auditPageSchema, AuditPage } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { afterLastEntry } from './keyset-page';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/audit?before&universityId — newest first; `before` is the oldest id of the previous page. */
function getAudit(before: number | undefined, universityId: number | null, signal?: AbortSignal): Promise<AuditPage> {
  const search = new URLSearchParams();
  if (before !== undefined) search.set('before', String(before));
  if (universityId !== null) search.set('universityId', String(universityId));
  return apiJson<z.infer<typeof auditPageSchema>>(`/api/admin/audit?${search.toString()}`, { signal });
}

const auditQueryOptions = (universityId: number | null) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(universityId),
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, universityId, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: afterLastEntry<AuditPage['entries'][number], number>((entry) => entry.id),
    meta: ADMIN_QUERY_META,
    // Every decision and save writes a line: the log is read fresh each time its tab opens.
    staleTime: 0,
  });

export function useAuditLog(universityId: number | null) {
  return useInfiniteQuery(auditQueryOptions(universityId));
}
