import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMeSchema, type AdminMe } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/me — 200 for an operator, 403 ADMIN_403 for everyone else. */
export function getAdminMe(): Promise<AdminMe> {
  // A student gets 403 ADMIN_403 (after the client's one refresh-and-retry, which also renews an
  // operator's expired token when the app was closed for a while).
  return apiJson('/api/admin/me', {}, adminMeSchema);
}

export const adminMeQueryOptions = () => queryOptions({ queryKey: adminKeys.me(), queryFn: getAdminMe, retry: false, meta: ADMIN_QUERY_META });

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}
