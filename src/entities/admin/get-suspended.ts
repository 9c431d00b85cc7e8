import { queryOptions, useQuery } from '@tanstack/react-query';
import { suspendedMembersSchema, type SuspendedMember } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/members/suspended */
function getSuspended(): Promise<SuspendedMember[]> {
  return apiJson('/api/admin/members/suspended', {}, suspendedMembersSchema);
}

const suspendedQueryOptions = () => queryOptions({ queryKey: adminKeys.suspended(), queryFn: getSuspended, meta: ADMIN_QUERY_META });

export function useSuspended() {
  return useQuery(suspendedQueryOptions());
}
