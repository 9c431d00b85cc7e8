import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentorConfigSavedSchema, type MENTOR_CONFIG_SAVE_SUCCESS, type MentorConfigInput } from '../../../contract/admin';
import { apiJson } from '../../lib/http';
import { adminKeys } from './keys';

interface SaveMentorConfigInput {
  universityId: number;
  month: string;
  config: MentorConfigInput;
}

/** PUT /api/admin/universities/{id}/mentor?month */
function saveMentorConfig({ universityId, month, config }: SaveMentorConfigInput): Promise<typeof MENTOR_CONFIG_SAVE_SUCCESS> {
  return apiJson(`/api/admin/universities/${universityId}/mentor?month=${encodeURIComponent(month)}`, { method: 'put', json: config }, mentorConfigSavedSchema);
}

export function useSaveMentorConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMentorConfig,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: adminKeys.mentor(input.universityId, input.month) }),
  });
}
