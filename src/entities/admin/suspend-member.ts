import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { memberSuspendedSchema } from '../../../contract/admin';
import type { SuspensionDays } from '../../../contract/admin-values';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { adminKeys } from './keys';

/** POST /api/admin/members/{id}/suspend { reason, days? } — 직접 정지, without a report; `days` null: 영구. */
function suspendMember({ memberId, reason, days }: { memberId: number; reason: string; days: SuspensionDays | null }) {
  return apiJson<z.infer<typeof memberSuspendedSchema>>(`/api/admin/members/${memberId}/suspend`, {
    method: 'POST',
    json: days === null ? { reason } : { reason, days },
  });
}

export function useSuspendMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendMember,
    // The member's status shows in the search, the suspended list and the reports it closed.
    onSuccess: () => invalidateKeys(queryClient, [adminKeys.members(), adminKeys.suspended(), adminKeys.reports()]),
  });
}
