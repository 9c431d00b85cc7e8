import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reportDecisionSchema, ReportAction } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { adminKeys } from './keys';

/** PATCH /api/admin/reports/{id} { action } — closes every open report of the target. */
function decideReport({ reportId, action }: { reportId: number; action: ReportAction }) {
  return apiJson<z.infer<typeof reportDecisionSchema>>(`/api/admin/reports/${reportId}`, { method: 'PATCH', json: { action } });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
      if (input.action === 'SUSPEND') await queryClient.invalidateQueries({ queryKey: adminKeys.suspended() });
    },
  });
}
