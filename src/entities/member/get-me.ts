import { queryOptions, useQuery } from '@tanstack/react-query';
import { interestCodeSchema, type InterestCode } from '../../../contract/interests';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import { meSchema, type Me } from './schemas';

/** GET /api/members/me */
function getMe(signal?: AbortSignal): Promise<Me> {
  return apiJson('/api/members/me', { signal }, meSchema);
}

export const meQueryOptions = () => queryOptions({ queryKey: memberKeys.me(), queryFn: () => getMe() });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** The own interests the topic picker can show: unknown codes cannot be picked, so they are left out. */
export function knownInterests(codes: readonly string[]): InterestCode[] {
  return codes.flatMap((code) => {
    const parsed = interestCodeSchema.safeParse(code);
    return parsed.success ? [parsed.data] : [];
  });
}
