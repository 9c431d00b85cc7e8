import { useMutation } from '@tanstack/react-query';
import { reportCreatedSchema, type ReportBody, type ReportCreated } from '../../../contract/safety';
import { apiJson } from '../../lib/http';

/** POST /api/reports. */
export function createReport(body: ReportBody): Promise<ReportCreated> {
  return apiJson('/api/reports', { method: 'post', json: body }, reportCreatedSchema);
}

/** Reports change nothing the PWA shows (operators read them), so nothing is invalidated. */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
