import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reportDecisionSchema, ReportAction } from '../../../contract/admin';
import type { SuspensionDays } from '../../../contract/admin-values';
import type { ERROR_CODES } from '../../../contract/envelope-values';
import { ApiError, apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { adminKeys } from './keys';

/** 무시 of a report another operator closed first (contract section 16). */
const DECIDED_ALREADY: keyof typeof ERROR_CODES = 'ADMIN_409';

/**
 * PATCH /api/admin/reports/{id} { action, days? } — closes every open report of the target; a
 * SUSPEND lasts `days` (7 or 30) or, with null, until 정지 해제 (영구).
 */
function decideReport({ reportId, action, days = null }: { reportId: number; action: ReportAction; days?: SuspensionDays | null }) {
  return apiJson<z.infer<typeof reportDecisionSchema>>(`/api/admin/reports/${reportId}`, {
    method: 'PATCH',
    json: action === 'SUSPEND' && days !== null ? { action, days } : { action },
  });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
      // The 회원 tab shows open reports and status.
      await queryClient.invalidateQueries({ queryKey: adminKeys.members() });
      if (input.action === 'SUSPEND') await queryClient.invalidateQueries({ queryKey: adminKeys.suspended() });
    },
    // The lists on screen were stale (the other decision may have been a 정지): fetch both again.
    onError: (error) =>
      error instanceof ApiError && error.code === DECIDED_ALREADY ? invalidateKeys(queryClient, [adminKeys.reports(), adminKeys.suspended()]) : undefined,
  });
}
