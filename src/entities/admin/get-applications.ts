import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { mentorApplicationRowsSchema, MentorApplicationRow } from '../../../contract/admin';
import { apiFetch, apiJson, errorFromResponse } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

const path = (universityId: number, month: string) => `/api/admin/mentor-applications?universityId=${universityId}&month=${encodeURIComponent(month)}`;

/** GET /api/admin/mentor-applications?universityId&month */
function getApplications(universityId: number, month: string): Promise<MentorApplicationRow[]> {
  return apiJson<z.infer<typeof mentorApplicationRowsSchema>>(path(universityId, month), {});
}

const applicationsQueryOptions = (universityId: number, month: string) =>
  queryOptions({ queryKey: adminKeys.applications(universityId, month), queryFn: () => getApplications(universityId, month), meta: ADMIN_QUERY_META });

export function useApplications(universityId: number, month: string) {
  return useQuery(applicationsQueryOptions(universityId, month));
}

/**
 * `&format=csv`: the file as the server wrote it (BOM, RFC 4180, formula cells defused). Fetched
 * with the bearer like any call (a plain link would carry no token), handed back as a Blob.
 */
export async function downloadApplicationsCsv(universityId: number, month: string): Promise<Blob> {
  const response = await apiFetch(`${path(universityId, month)}&format=csv`, { headers: { Accept: 'text/csv' } });
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}
