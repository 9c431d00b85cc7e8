import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { statsRowsSchema, StatsRow } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/stats?from&to&universityId? — one row per Seoul day. */
function getStats(from: string, to: string, universityId: number | null): Promise<StatsRow[]> {
  const query = new URLSearchParams({ from, to });
  if (universityId !== null) query.set('universityId', String(universityId));
  return apiJson<z.infer<typeof statsRowsSchema>>(`/api/admin/stats?${query.toString()}`, {});
}

const statsQueryOptions = (from: string, to: string, universityId: number | null) =>
  queryOptions({ queryKey: adminKeys.stats(from, to, universityId), queryFn: () => getStats(from, to, universityId), meta: ADMIN_QUERY_META });

export function useStats(from: string, to: string, universityId: number | null) {
  return useQuery(statsQueryOptions(from, to, universityId));
}
