import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';
import { complimentCountsSchema, type ComplimentCounts } from '../../../contract/meetups';

/** GET /api/members/{id}/compliments (section 14's extension, decision 0013). */
function fetchCompliments(memberId: number): Promise<ComplimentCounts> {
  return apiJson(`/api/members/${memberId}/compliments`, {}, complimentCountsSchema);
}

const complimentsQueryOptions = (memberId: number) => queryOptions({ queryKey: meetupKeys.compliments(memberId), queryFn: () => fetchCompliments(memberId) });

export function useCompliments(memberId: number) {
  return useQuery(complimentsQueryOptions(memberId));
}
