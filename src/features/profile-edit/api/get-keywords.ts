import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/http';
import { profileEditKeys } from './keys';

const keywordSchema = z.object({ id: z.number().optional(), type: z.string(), title: z.string(), description: z.string() });
export type StoredKeyword = z.infer<typeof keywordSchema>;

/** GET /api/members/keywords: prefills the keyword editor. */
export function fetchKeywords(signal?: AbortSignal): Promise<StoredKeyword[]> {
  return apiJson('/api/members/keywords', { signal }, z.array(keywordSchema));
}

export const keywordsQueryOptions = () => queryOptions({ queryKey: profileEditKeys.keywords(), queryFn: ({ signal }) => fetchKeywords(signal), staleTime: 0 });

export function useKeywords() {
  return useQuery(keywordsQueryOptions());
}
