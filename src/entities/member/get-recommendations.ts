import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys } from './keys';
import type { MemberCard } from './schemas';

/** GET /api/members/recommendations */
function getRecommendations(): Promise<MemberCard[]> {
  return apiJson('/api/members/recommendations', {});
}

export const recommendationsQueryOptions = () => queryOptions({ queryKey: memberKeys.recommendations(), queryFn: getRecommendations });

export function useRecommendations() {
  return useQuery(recommendationsQueryOptions());
}
