import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { mentorAppliedSchema, MentorApplyBody } from '../../../contract/mentor';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { mentorKeys } from './keys';

/** POST /api/mentor/monthlyM: one application per member per month (409 when full or repeated). */
function applyMentor(body: MentorApplyBody): Promise<unknown> {
  return apiJson<z.infer<typeof mentorAppliedSchema>>('/api/mentor/monthlyM', { method: 'post', json: body });
}

export function useApplyMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyMentor,
    // `applied` and `applicants` changed.
    // Through invalidateKeys, which does not wait offline: an application whose connection dropped
    // must fail (and say so) at once, not when the refetch can run.
    onSettled: () => invalidateKeys(queryClient, [mentorKeys.current()]),
  });
}
