import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminReportsSchema, AdminReport } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/reports?status&universityId — a target's reports next to each other, most reported first. */
function getReports(status: 'OPEN' | 'CLOSED', universityId: number | null): Promise<AdminReport[]> {
  const search = new URLSearchParams({ status });
  if (universityId !== null) search.set('universityId', String(universityId));
  return apiJson<z.infer<typeof adminReportsSchema>>(`/api/admin/reports?${search.toString()}`, {});
}

const reportsQueryOptions = (status: 'OPEN' | 'CLOSED', universityId: number | null) =>
  queryOptions({ queryKey: adminKeys.reportsOf(status, universityId), queryFn: () => getReports(status, universityId), meta: ADMIN_QUERY_META });

/** `universityId` null: every university's. */
export function useReports(status: 'OPEN' | 'CLOSED', universityId: number | null = null) {
  return useQuery(reportsQueryOptions(status, universityId));
}
