import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiText } from '../../lib/http';
import { campusKeys } from './keys';

/**
 * GET /auth/uniName answers plain text (`가톨릭대`); older servers wrapped it in an envelope,
 * so a JSON body with a string `result` is accepted too.
 */
export async function getUniversityName(): Promise<string> {
  const text = (await apiText('/auth/uniName')).trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { result?: unknown } | null;
      if (typeof parsed?.result === 'string') return parsed.result.trim();
    } catch {
      // Not JSON after all: use the text as it is.
    }
  }
  return text;
}

export const universityNameQueryOptions = () => queryOptions({ queryKey: campusKeys.universityName(), queryFn: getUniversityName, staleTime: 60 * 60 * 1000 });

export function useUniversityName() {
  return useQuery(universityNameQueryOptions());
}
