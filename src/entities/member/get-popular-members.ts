import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import { memberCardSchema, type MemberCard } from './schemas';

/** GET /api/members/popular */
function getPopularMembers(): Promise<MemberCard[]> {
  return apiJson('/api/members/popular', {}, z.array(memberCardSchema));
}

export const popularMembersQueryOptions = () => queryOptions({ queryKey: memberKeys.popular(), queryFn: getPopularMembers });

export function usePopularMembers() {
  return useQuery(popularMembersQueryOptions());
}
