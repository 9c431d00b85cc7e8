import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminUniversitiesSchema, AdminUniversity } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/universities */
function getUniversities(): Promise<AdminUniversity[]> {
  return apiJson<z.infer<typeof adminUniversitiesSchema>>('/api/admin/universities', {});
}

const universitiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.universities(), queryFn: getUniversities, staleTime: 60 * 60 * 1000, meta: ADMIN_QUERY_META });

export function useUniversities() {
  return useQuery(universitiesQueryOptions());
}
