import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import { keywordSchema, type StoredKeyword } from './schemas';

/** GET /api/members/keywords: the own keywords with their descriptions (prefills the editor). */
function getMyKeywords(signal?: AbortSignal): Promise<StoredKeyword[]> {
  return apiJson('/api/members/keywords', { signal }, z.array(keywordSchema));
}

const myKeywordsQueryOptions = () => queryOptions({ queryKey: memberKeys.keywords(), queryFn: ({ signal }) => getMyKeywords(signal), staleTime: 0 });

export function useMyKeywords() {
  return useQuery(myKeywordsQueryOptions());
}
