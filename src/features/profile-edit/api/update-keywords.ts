import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { KeywordType } from '../../../../contract/members';
import { apiJson } from '../../../lib/http';
import { changedElsewhere, profileEditKeys } from './keys';

export interface KeywordInput {
  type: KeywordType;
  title: string;
  description: string;
}

/** PATCH /api/members/keywords: exactly one keyword of each type. */
export function updateKeywords(keywords: KeywordInput[]): Promise<string> {
  return apiJson('/api/members/keywords', { method: 'patch', json: { keywords } }, z.string());
}

export function useUpdateKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKeywords,
    onSuccess: () =>
      Promise.all(
        [profileEditKeys.keywords(), changedElsewhere.me, changedElsewhere.myPage, changedElsewhere.details].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
