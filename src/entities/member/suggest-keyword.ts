import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { keywordAiResultSchema } from '../../../contract/members';
import { apiJson } from '../../lib/http';

/** POST /api/members/keywordAI: one Korean keyword of at most 5 characters for a description. */
async function suggestKeyword(description: string): Promise<string> {
  const result = await apiJson<z.infer<typeof keywordAiResultSchema>>('/api/members/keywordAI', { method: 'post', json: { description } });
  return result.keyword;
}

export function useSuggestKeyword() {
  return useMutation({ mutationFn: suggestKeyword });
}
