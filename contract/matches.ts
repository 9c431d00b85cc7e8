import { z } from 'zod';
import type { InterestCode } from './interests';
import type { PageMeta } from './members';

/** Contract section 5. REQUESTED = sent by me, RECEIVED = sent to me, ACCEPTED = either way, accepted. */
export const MATCH_LIST_STATUSES = ['REQUESTED', 'RECEIVED', 'ACCEPTED'] as const;
export type MatchListStatus = (typeof MATCH_LIST_STATUSES)[number];

/** Stored states of a match row. */
export type MatchState = 'REQUESTED' | 'ACCEPTED' | 'EXPIRED';

export const MATCH_ACCEPT_SUCCESS = 'MATCH_ACCEPT_SUCCESS';

/** A member id: a positive integer, or its digits as a string (lenient for older clients). */
export const memberIdSchema = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/)], { error: '회원 번호가 필요해요.' })
  .transform((v) => Number(v))
  .pipe(z.number().int('회원 번호가 올바르지 않아요.').positive('회원 번호가 올바르지 않아요.').max(Number.MAX_SAFE_INTEGER));

export const matchCreateBodySchema = z.object({ toMemberId: memberIdSchema });
export type MatchCreateBody = z.input<typeof matchCreateBodySchema>;

export const matchListQuerySchema = z.object({
  status: z.enum(MATCH_LIST_STATUSES, { error: 'status는 REQUESTED, RECEIVED, ACCEPTED 중 하나예요.' }),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export type MatchListQuery = z.input<typeof matchListQuerySchema>;

/** POST /api/matches result. `createdAt` is ISO-8601. */
export interface MatchCreated {
  id: number;
  status: 'REQUESTED';
  createdAt: string;
}

export interface MatchedUser {
  id: number;
  memberName: string;
  studentNo: string;
  department: string;
  profileImageUrl: string | null;
  userKeywords: { id: number; keywordName: string }[];
  /** `interestName` is the interest code (e.g. `STARTUP`); `id` its 1-based interest id. */
  userInterests: { id: number; interestName: InterestCode }[];
}

export interface MatchItem {
  id: number;
  createdAt: string;
  matchedUser: MatchedUser;
}

export interface MatchPage {
  data: MatchItem[];
  meta: PageMeta;
}
