import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { interestCodeSchema } from '../../../../contract/interests';
import { apiJson } from '../../../lib/http';
import { memberKeys } from './keys';

const myPageSchema = z.object({
  profileImageUrl: z.string().nullable(),
  name: z.string(),
  studentId: z.string(),
  department: z.string(),
  completed: z.number(),
  requested: z.number(),
  received: z.number(),
  keywords: z.array(z.string()),
  // Unknown codes are shown raw (spec section 3), so accept any string here.
  tags: z.array(z.union([interestCodeSchema, z.string()])),
});

/** contract `MyPage`, with tags kept as strings. */
export type MyPageInfo = z.infer<typeof myPageSchema>;

/** GET /api/members/mypage */
export function fetchMyPage(): Promise<MyPageInfo> {
  return apiJson('/api/members/mypage', {}, myPageSchema);
}

export const myPageQueryOptions = () => queryOptions({ queryKey: memberKeys.myPage(), queryFn: fetchMyPage });

export function useMyPage() {
  return useQuery(myPageQueryOptions());
}
