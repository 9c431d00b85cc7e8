import type { z } from 'zod';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { reportCreatedSchema, ReportBody, ReportCreated } from '../../../contract/safety';
import { ApiError, apiJson, NETWORK_ERROR_CODE } from '../../lib/http';

/** POST /api/reports. */
function createReport(body: ReportBody): Promise<ReportCreated> {
  return apiJson<z.infer<typeof reportCreatedSchema>>('/api/reports', { method: 'post', json: body });
}

/** Keyed so a report made offline is persisted and sent when the network is back (see the block mutation). */
const reportMutationKey = ['reports', 'create'] as const;

const retry = (failureCount: number, error: Error) => error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failureCount < 3;

/** The function a restored paused report runs, registered before the cache is restored. */
export function registerReportMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(reportMutationKey, { mutationFn: createReport, retry });
}

/** Reports change nothing the PWA shows (operators read them), so nothing is invalidated. */
export function useCreateReport() {
  return useMutation<ReportCreated, Error, ReportBody>({ mutationKey: reportMutationKey, mutationFn: createReport, retry });
}
