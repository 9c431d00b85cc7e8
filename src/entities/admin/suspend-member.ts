import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { memberSuspendedSchema } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { adminKeys } from './keys';

/** POST /api/admin/members/{id}/suspend { reason } — 직접 정지, without a report. */
function suspendMember({ memberId, reason }: { memberId: number; reason: string }) {
  return apiJson<z.infer<typeof memberSuspendedSchema>>(`/api/admin/members/${memberId}/suspend`, { method: 'POST', json: { reason } });
}

export function useSuspendMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendMember,
    // The member's status shows in the search, the suspended list and the reports it closed.
    onSuccess: () => invalidateKeys(queryClient, [adminKeys.members(), adminKeys.suspended(), adminKeys.reports()]),
  });
}
