import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorAppliedSchema, type MentorApplyBody } from '../../../contract/mentor';
import { apiJson } from '../../lib/http';
import { mentorKeys } from './keys';

/** POST /api/mentor/monthlyM: one application per member per month (409 when full or repeated). */
function applyMentor(body: MentorApplyBody): Promise<unknown> {
  return apiJson('/api/mentor/monthlyM', { method: 'post', json: body }, mentorAppliedSchema);
}

export function useApplyMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyMentor,
    // `applied` and `applicants` changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentorKeys.current() }),
  });
}
