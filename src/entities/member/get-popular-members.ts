import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import type { MemberCard } from './schemas';

/** GET /api/members/popular */
function getPopularMembers(): Promise<MemberCard[]> {
  return apiJson('/api/members/popular', {});
}

export const popularMembersQueryOptions = () => queryOptions({ queryKey: memberKeys.popular(), queryFn: getPopularMembers });

export function usePopularMembers() {
  return useQuery(popularMembersQueryOptions());
}
