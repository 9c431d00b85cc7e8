import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import type { StoredKeyword } from './schemas';

/** GET /api/members/keywords: the own keywords with their descriptions (prefills the editor). */
function getMyKeywords(signal?: AbortSignal): Promise<StoredKeyword[]> {
  return apiJson('/api/members/keywords', { signal });
}

const myKeywordsQueryOptions = () => queryOptions({ queryKey: memberKeys.keywords(), queryFn: ({ signal }) => getMyKeywords(signal), staleTime: 0 });

export function useMyKeywords() {
  return useQuery(myKeywordsQueryOptions());
}
