import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminReportsSchema, AdminReport } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/reports?status — a target's reports next to each other, most reported first. */
function getReports(status: 'OPEN' | 'CLOSED'): Promise<AdminReport[]> {
  return apiJson<z.infer<typeof adminReportsSchema>>(`/api/admin/reports?status=${status}`, {});
}

const reportsQueryOptions = (status: 'OPEN' | 'CLOSED') =>
  queryOptions({ queryKey: adminKeys.reportsOf(status), queryFn: () => getReports(status), meta: ADMIN_QUERY_META });

export function useReports(status: 'OPEN' | 'CLOSED') {
  return useQuery(reportsQueryOptions(status));
}
