import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { interestId, type InterestCode } from '../../../contract/interests-values';
import type { interestsUpdatedSchema } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from './keys';

/** PATCH /api/members/me/tags with the 1-based interest ids (contract section 1). */
function updateTags(codes: readonly InterestCode[]): Promise<unknown> {
  return apiJson<z.infer<typeof interestsUpdatedSchema>>('/api/members/me/tags', { method: 'patch', json: { interestIds: codes.map(interestId) } });
}

export function useUpdateTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTags,
    onSuccess: () => invalidateKeys(queryClient, [memberKeys.me(), memberKeys.myPage(), memberKeys.details()]),
  });
}
