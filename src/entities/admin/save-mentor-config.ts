import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { mentorConfigSavedSchema, MENTOR_CONFIG_SAVE_SUCCESS, MentorConfigInput } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { adminKeys } from './keys';

interface SaveMentorConfigInput {
  universityId: number;
  month: string;
  config: MentorConfigInput;
}

/** PUT /api/admin/universities/{id}/mentor?month */
function saveMentorConfig({ universityId, month, config }: SaveMentorConfigInput): Promise<typeof MENTOR_CONFIG_SAVE_SUCCESS> {
  return apiJson<z.infer<typeof mentorConfigSavedSchema>>(`/api/admin/universities/${universityId}/mentor?month=${encodeURIComponent(month)}`, {
    method: 'put',
    json: config,
  });
}

export function useSaveMentorConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMentorConfig,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: adminKeys.mentor(input.universityId, input.month) }),
  });
}
