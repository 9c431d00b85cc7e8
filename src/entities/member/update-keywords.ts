import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { keywordsUpdatedSchema, KeywordType } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { invalidateKeys } from '../../lib/query-client';
import { memberKeys } from './keys';

export interface KeywordInput {
  type: KeywordType;
  title: string;
  description: string;
}

/** PATCH /api/members/keywords: exactly one keyword of each type. */
function updateKeywords(keywords: KeywordInput[]): Promise<unknown> {
  return apiJson<z.infer<typeof keywordsUpdatedSchema>>('/api/members/keywords', { method: 'patch', json: { keywords } });
}

export function useUpdateKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKeywords,
    // Keywords show on the own profile, the my page and (for others) every member detail.
    onSuccess: () => invalidateKeys(queryClient, [memberKeys.keywords(), memberKeys.me(), memberKeys.myPage(), memberKeys.details()]),
  });
}
