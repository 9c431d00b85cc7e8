import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/http';
import { profileKeys } from './keys';
import { profileBaseSchema, type ProfileBase } from './schemas';

/** GET /api/members/me */
export function fetchMe(): Promise<ProfileBase> {
  return apiJson('/api/members/me', {}, profileBaseSchema);
}

export const meQueryOptions = () => queryOptions({ queryKey: profileKeys.me(), queryFn: fetchMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
