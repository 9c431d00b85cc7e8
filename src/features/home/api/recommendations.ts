import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { memberCardSchema, type MemberCardData } from '../../../components/ui/member-card-schema';
import { apiJson } from '../../../lib/http';
import { homeKeys } from './keys';

/** GET /api/members/recommendations */
export function fetchRecommendations(): Promise<MemberCardData[]> {
  return apiJson('/api/members/recommendations', {}, z.array(memberCardSchema));
}

export const recommendationsQueryOptions = () => queryOptions({ queryKey: homeKeys.recommendations(), queryFn: fetchRecommendations });

export function useRecommendations() {
  return useQuery(recommendationsQueryOptions());
}
