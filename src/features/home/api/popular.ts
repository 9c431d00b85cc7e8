import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { memberCardSchema, type MemberCardData } from '../../../components/ui/member-card-schema';
import { apiJson } from '../../../lib/http';
import { homeKeys } from './keys';

/** GET /api/members/popular */
export function fetchPopular(): Promise<MemberCardData[]> {
  return apiJson('/api/members/popular', {}, z.array(memberCardSchema));
}

export const popularQueryOptions = () => queryOptions({ queryKey: homeKeys.popular(), queryFn: fetchPopular });

export function usePopular() {
  return useQuery(popularQueryOptions());
}
