import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminMeSchema, AdminMe } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/**
 * GET /api/admin/me — 200 for an operator, 403 ADMIN_403 for everyone else. ADMIN_403 is a domain
 * code, so the client fails it as it is (no refresh, no sign-out); a stale token's 401 refreshes.
 */
function getAdminMe(): Promise<AdminMe> {
  return apiJson<z.infer<typeof adminMeSchema>>('/api/admin/me', {});
}

// The client's retry policy: the 403 fails at once, but a network failure waits for the network
// (with `retry: false` an operator offline was told the console is for operators only).
export const adminMeQueryOptions = () => queryOptions({ queryKey: adminKeys.me(), queryFn: getAdminMe, meta: ADMIN_QUERY_META });

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}
