import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { suspendedMembersSchema, SuspendedMember } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/members/suspended */
function getSuspended(): Promise<SuspendedMember[]> {
  return apiJson<z.infer<typeof suspendedMembersSchema>>('/api/admin/members/suspended', {});
}

const suspendedQueryOptions = () => queryOptions({ queryKey: adminKeys.suspended(), queryFn: getSuspended, meta: ADMIN_QUERY_META });

export function useSuspended() {
  return useQuery(suspendedQueryOptions());
}
