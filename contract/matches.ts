import { z } from 'zod';
import { interestCodeSchema } from './interests';
import { pagedSchema } from './members';
import { MATCH_LIST_STATUSES } from './matches-values';
// The plain values (no zod) live in ./matches-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.

export type MatchListStatus = (typeof MATCH_LIST_STATUSES)[number];

export const MATCH_ACCEPT_SUCCESS = 'MATCH_ACCEPT_SUCCESS';
export const MATCH_DECLINE_SUCCESS = 'MATCH_DECLINE_SUCCESS';
export const MATCH_WITHDRAW_SUCCESS = 'MATCH_WITHDRAW_SUCCESS';

/** A member id: a positive integer, or its digits as a string (lenient for older clients). */
const memberIdSchema = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/)], { error: '회원 번호가 필요해요.' })
  .transform((v) => Number(v))
  .pipe(z.number().int('회원 번호가 올바르지 않아요.').positive('회원 번호가 올바르지 않아요.').max(Number.MAX_SAFE_INTEGER));

export const matchCreateBodySchema = z.object({ toMemberId: memberIdSchema });

export const matchListQuerySchema = z.object({
  status: z.enum(MATCH_LIST_STATUSES, { error: 'status는 REQUESTED, RECEIVED, ACCEPTED 중 하나예요.' }),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/** PATCH /api/matches/{accept,decline,withdraw}/{otherMemberId}: digits only (else COMMON400). */
export const matchAcceptParamsSchema = z.object({
  otherMemberId: z
    .string()
    .regex(/^\d{1,12}$/, '회원 번호가 올바르지 않아요.')
    .transform(Number),
});

/** POST /api/matches result. `createdAt` is ISO-8601. */
export const matchCreatedSchema = z.object({ id: z.number().int(), status: z.literal('REQUESTED'), createdAt: z.string() });
export type MatchCreated = z.infer<typeof matchCreatedSchema>;

export const matchAcceptedSchema = z.literal(MATCH_ACCEPT_SUCCESS);
export const matchDeclinedSchema = z.literal(MATCH_DECLINE_SUCCESS);
export const matchWithdrawnSchema = z.literal(MATCH_WITHDRAW_SUCCESS);

export const matchedUserSchema = z.object({
  id: z.number().int(),
  memberName: z.string(),
  studentNo: z.string(),
  department: z.string(),
  profileImageUrl: z.string().nullable(),
  userKeywords: z.array(z.object({ id: z.number().int(), keywordName: z.string() })),
  /** `interestName` is the interest code (e.g. `STARTUP`); `id` its 1-based interest id. */
  userInterests: z.array(z.object({ id: z.number().int(), interestName: interestCodeSchema })),
});

export const matchItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Section 5 extension: on REQUESTED and RECEIVED items only, when the request expires (createdAt + MATCH_REQUEST_TTL), ISO-8601. */
  expiresAt: z.string().optional(),
  matchedUser: matchedUserSchema,
});
export type MatchItem = z.infer<typeof matchItemSchema>;

export const matchPageSchema = pagedSchema(matchItemSchema);
export type MatchPage = z.infer<typeof matchPageSchema>;
