import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMeSchema, type AdminMe } from '../../../contract/admin';
import { ensureFreshToken } from '../../lib/auth';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/me — 200 for an operator, 403 ADMIN_403 for everyone else. */
export async function getAdminMe(): Promise<AdminMe> {
  // A 403 here means "not an operator", not a stale token, so the client's refresh-on-403 is
  // skipped; a token about to expire (the app was closed a while) is renewed before asking.
  await ensureFreshToken();
  return apiJson('/api/admin/me', { context: { skipAuthRefresh: true } }, adminMeSchema);
}

export const adminMeQueryOptions = () => queryOptions({ queryKey: adminKeys.me(), queryFn: getAdminMe, retry: false, meta: ADMIN_QUERY_META });

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}
