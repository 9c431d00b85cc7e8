import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUniversitiesSchema, type AdminUniversity } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/universities */
function getUniversities(): Promise<AdminUniversity[]> {
  return apiJson('/api/admin/universities', {}, adminUniversitiesSchema);
}

const universitiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.universities(), queryFn: getUniversities, staleTime: 60 * 60 * 1000, meta: ADMIN_QUERY_META });

export function useUniversities() {
  return useQuery(universitiesQueryOptions());
}
