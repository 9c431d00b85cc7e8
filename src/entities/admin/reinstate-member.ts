import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { memberReinstatedSchema, MEMBER_REINSTATE_SUCCESS } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { adminKeys } from './keys';

/** POST /api/admin/members/{id}/reinstate — 정지 해제. */
function reinstateMember(memberId: number): Promise<typeof MEMBER_REINSTATE_SUCCESS> {
  return apiJson<z.infer<typeof memberReinstatedSchema>>(`/api/admin/members/${memberId}/reinstate`, { method: 'POST' });
}

export function useReinstateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateMember,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.suspended() });
      // The reports list shows each member's status.
      await queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
      await queryClient.invalidateQueries({ queryKey: adminKeys.members() });
    },
  });
}
