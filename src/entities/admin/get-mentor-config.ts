import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminMentorConfigSchema, AdminMentorConfig } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { ADMIN_QUERY_META, adminKeys } from './keys';

/** GET /api/admin/universities/{id}/mentor?month — stored, or the built-in default (`stored: false`). */
function getMentorConfig(universityId: number, month: string): Promise<AdminMentorConfig> {
  return apiJson<z.infer<typeof adminMentorConfigSchema>>(`/api/admin/universities/${universityId}/mentor?month=${encodeURIComponent(month)}`, {});
}

const mentorConfigQueryOptions = (universityId: number, month: string) =>
  queryOptions({ queryKey: adminKeys.mentor(universityId, month), queryFn: () => getMentorConfig(universityId, month), meta: ADMIN_QUERY_META });

export function useMentorConfig(universityId: number, month: string) {
  return useQuery(mentorConfigQueryOptions(universityId, month));
}
