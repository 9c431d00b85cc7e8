import { z } from 'zod';
import { interestCodeSchema } from './interests';
import { timetableSlotSchema } from './timetable';
import { CONTROL_CHARS_RE, FILTER_SORTS, KEYWORD_TYPES, STUDENT_NO_FILTERS } from './members-values';
// The plain values (no zod) live in ./members-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { CONTROL_CHARS_RE, KEYWORD_DESCRIPTION_MAX, KEYWORD_TITLE_MAX, KEYWORD_TYPES, type KeywordType } from './members-values';

const keywordTypeSchema = z.enum(KEYWORD_TYPES);

/** One of a member's three keywords, as every response carries it. */
export const keywordSchema = z.object({
  id: z.number().int(),
  type: keywordTypeSchema,
  title: z.string(),
  description: z.string(),
});
export type Keyword = z.infer<typeof keywordSchema>;

/** Member card: recommendations, popular, filters (contract section 3). Missing profile text is `''`, a missing image `null`. */
export const memberCardSchema = z.object({
  memberId: z.number().int(),
  memberName: z.string(),
  profileImageUrl: z.string().nullable(),
  department: z.string(),
  studentNo: z.string(),
  userInterests: z.array(interestCodeSchema),
  userKeywords: z.array(keywordSchema),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

export const MATCH_STATUSES = ['NONE', 'REQUESTED', 'RECEIVED', 'ACCEPTED'] as const;
const matchStatusSchema = z.enum(MATCH_STATUSES);
export type MatchStatus = z.infer<typeof matchStatusSchema>;

/** GET /api/members/{id}. */
export const memberDetailSchema = z.object({
  id: z.number().int(),
  memberName: z.string(),
  studentNo: z.string(),
  university: z.string(),
  college: z.string(),
  department: z.string(),
  profileImageUrl: z.string().nullable(),
  userKeywords: z.array(keywordSchema),
  userInterests: z.array(interestCodeSchema),
  timeTables: z.array(timetableSlotSchema),
  matchStatus: matchStatusSchema,
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** GET /api/members/me. */
export const meSchema = z.object({
  profileImageUrl: z.string().nullable(),
  memberName: z.string(),
  studentNo: z.string(),
  department: z.string(),
  userInterests: z.array(interestCodeSchema),
  userKeywords: z.array(keywordSchema),
  timeTables: z.array(timetableSlotSchema),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/members/mypage: the counters and the keyword titles only. */
export const myPageSchema = z.object({
  profileImageUrl: z.string().nullable(),
  name: z.string(),
  studentId: z.string(),
  department: z.string(),
  completed: z.number().int(),
  requested: z.number().int(),
  received: z.number().int(),
  keywords: z.array(z.string()),
  tags: z.array(interestCodeSchema),
});
export type MyPage = z.infer<typeof myPageSchema>;

/** Offset paging (filters, matches, chat rooms). */
const pageMetaSchema = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
});
type PageMeta = z.infer<typeof pageMetaSchema>;
export const pagedSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });
export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}
export const memberCardPageSchema = pagedSchema(memberCardSchema);

/** GET /api/colleges and GET /api/colleges/{collegeId}/departments: `[{ id, name }]`. */
export const collegeSchema = z.object({ id: z.number().int(), name: z.string() });
export type College = z.infer<typeof collegeSchema>;
export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
/** Anything but 1–9 digits is an unknown college (an empty list, as for 0), never an error. */
export const collegeIdParamsSchema = z.object({ collegeId: z.string().transform((s) => (/^\d{1,9}$/.test(s) ? Number(s) : 0)) });

export const noControlChars = (s: string) => !CONTROL_CHARS_RE.test(s);
/** One-line text (names, keyword titles): the same, and no tab or line break either. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_UNSAFE_RE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const plainLine = (s: string) => !LINE_UNSAFE_RE.test(s);
export const UNSAFE_TEXT_MESSAGE = '쓸 수 없는 문자(제어 문자나 방향 전환 문자)가 들어 있어요.';

const size = z.coerce.number().int().min(1).max(50).default(10);
const page = z.coerce.number().int().min(0).max(100_000).default(0);

export type StudentNoFilter = (typeof STUDENT_NO_FILTERS)[number];
export type FilterSort = (typeof FILTER_SORTS)[number];

/** Department names: repeated `department=` params and/or comma-separated, blanks dropped. */
const departmentNames = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(50).refine(noControlChars)).max(20))
  .transform((names) => (names.length ? [...new Set(names)] : undefined));

export const filtersQuerySchema = z.object({
  page,
  size,
  sort: z.enum(FILTER_SORTS).default('recommend'),
  interest: interestCodeSchema.optional(),
  collegeId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  college: z.string().trim().min(1).max(50).refine(noControlChars).optional(),
  department: departmentNames.optional(),
  studentNo: z
    .string()
    .trim()
    // The existing client sends its button labels: `23학번` means 23 (contract section 3).
    .transform((s) => (s === '20학번 이상' ? '20학번이상' : s.replace(/^(2[1-5])학번$/, '$1')))
    .pipe(z.enum(STUDENT_NO_FILTERS))
    .optional(),
});

/** Query strings: an empty parameter (`?interest=`) means "not given" (contract section 3). */
export function dropEmptyParams(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value)) {
      const kept = value.filter((v) => !(typeof v === 'string' && v.trim() === ''));
      if (kept.length === 0) continue;
      out[key] = kept.length === 1 ? kept[0] : kept;
      continue;
    }
    out[key] = value;
  }
  return out;
}

/**
 * The bodies of the three profile writes, as checked at the edge (a wrong shape is COMMON400).
 * Their rules come after, each with its own code (contract section 3: USER_400_INTEREST,
 * INTEREST_400, USER_404_INTEREST; KEYWORD_400*, KEYWORD_404_DESC_REQUIRED; TIMETABLE_400), so an
 * item's content is left open here.
 */
export const tagsBodySchema = z.object({
  interestIds: z.array(z.number({ error: '관심사 번호는 숫자여야 해요.' }).int('관심사 번호는 정수여야 해요.'), { error: '관심사를 선택해 주세요.' }).max(20),
});

export const keywordsBodySchema = z.object({
  keywords: z
    .array(z.unknown().meta({ description: '{ type: EXPRESS | GOAL | INTEREST, title: 1–5자, description: 1–100자 }, one of each type' }), {
      error: '키워드 목록이 필요해요.',
    })
    .max(10, '키워드는 3개만 보낼 수 있어요.'),
});

/** Only the first 800 characters are read (contract section 3). */
export const KEYWORD_AI_INPUT_CHARS = 800;
export const keywordAiBodySchema = z.object({ description: z.string().trim().min(1).max(10_000).refine(noControlChars, UNSAFE_TEXT_MESSAGE) });
export const keywordAiResultSchema = z.object({ keyword: z.string() });
export type KeywordAiResult = z.infer<typeof keywordAiResultSchema>;
export const profileImageBodySchema = z.object({ profileImageUrl: z.url().max(1000) });
export const fcmTokenBodySchema = z.object({ fcmToken: z.string().trim().min(1).max(4096).refine(noControlChars) });
/** Items are checked after the shape, with TIMETABLE_400 (see `tagsBodySchema`). */
export const timetableBodySchema = z.object({
  timeTableList: z
    .array(z.unknown().meta({ description: '{ dayOfWeek: MON–FRI, startTime: "HH:00", endTime: "HH:00" } (10:00–20:00)' }), {
      error: '시간표 목록이 필요해요.',
    })
    .max(200, '시간표 항목이 너무 많아요.'),
});

/** GET /api/members/{id}: digits only (else COMMON400); an id past int4 is simply nobody (USER_404). */
export const memberIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, '회원 번호가 올바르지 않아요.')
    .transform(Number),
});

/** `result` strings of the member writes (contract section 3). */
export const INTERESTS_UPDATE_SUCCESS = 'INTERESTS_UPDATE_SUCCESS';
export const KEYWORDS_UPDATE_SUCCESS = 'KEYWORDS_UPDATE_SUCCESS';
export const PROFILE_IMAGE_UPDATE_SUCCESS = 'PROFILE_IMAGE_UPDATE_SUCCESS';
export const TIMETABLE_UPDATE_SUCCESS = 'TIMETABLE_UPDATE_SUCCESS';
/** PATCH /api/members/fcm-token answers with this code and no result. */
export const FCM_SUCCESS_CODE = 'FCM200';
export const FCM_SUCCESS_MESSAGE = '알림 토큰이 저장되었어요.';
export const interestsUpdatedSchema = z.literal(INTERESTS_UPDATE_SUCCESS);
export const keywordsUpdatedSchema = z.literal(KEYWORDS_UPDATE_SUCCESS);
export const profileImageUpdatedSchema = z.literal(PROFILE_IMAGE_UPDATE_SUCCESS);
export const timetableUpdatedSchema = z.literal(TIMETABLE_UPDATE_SUCCESS);
/** GET /api/members/keywords: the caller's keywords (0–3). */
export const keywordListSchema = z.array(keywordSchema);
