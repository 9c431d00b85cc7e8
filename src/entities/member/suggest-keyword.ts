import { useMutation } from '@tanstack/react-query';
import { keywordAiResultSchema } from '../../../contract/members';
import { apiJson } from '../../lib/http';

/** POST /api/members/keywordAI: one Korean keyword of at most 5 characters for a description. */
async function suggestKeyword(description: string): Promise<string> {
  const result = await apiJson('/api/members/keywordAI', { method: 'post', json: { description } }, keywordAiResultSchema);
  return result.keyword;
}

export function useSuggestKeyword() {
  return useMutation({ mutationFn: suggestKeyword });
}
