import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';
import type { complimentCountsSchema, ComplimentCounts } from '../../../contract/meetups';

/** GET /api/members/{id}/compliments (section 14's extension, decision 0013). */
function fetchCompliments(memberId: number): Promise<ComplimentCounts> {
  return apiJson<z.infer<typeof complimentCountsSchema>>(`/api/members/${memberId}/compliments`, {});
}

const complimentsQueryOptions = (memberId: number) => queryOptions({ queryKey: meetupKeys.compliments(memberId), queryFn: () => fetchCompliments(memberId) });

export function useCompliments(memberId: number) {
  return useQuery(complimentsQueryOptions(memberId));
}

/** GET /api/members/me/compliments: the caller's own (section 14's extension), for /my/profile. */
function fetchMyCompliments(): Promise<ComplimentCounts> {
  return apiJson<z.infer<typeof complimentCountsSchema>>('/api/members/me/compliments', {});
}

export function useMyCompliments() {
  return useQuery({ queryKey: meetupKeys.myCompliments(), queryFn: fetchMyCompliments });
}
