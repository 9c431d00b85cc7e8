import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEREST_CODES, type InterestCode } from '../../../contract/interests-values';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import { withSubjects, type Me } from './schemas';

/** GET /api/members/me */
async function getMe(signal?: AbortSignal): Promise<Me> {
  return withSubjects(await apiJson<Me>('/api/members/me', { signal }));
}

export const meQueryOptions = () => queryOptions({ queryKey: memberKeys.me(), queryFn: () => getMe() });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** The own interests the topic picker can show: unknown codes cannot be picked, so they are left out. */
export function knownInterests(codes: readonly string[]): InterestCode[] {
  return codes.filter((code): code is InterestCode => (INTEREST_CODES as readonly string[]).includes(code));
}
