import { z } from 'zod';
import type { InterestCode } from './interests';
import { interestCodeSchema, MAX_INTERESTS } from './interests';
import type { Slot } from './timetable';
import { slotSchema } from './timetable';

export const KEYWORD_TYPES = ['EXPRESS', 'GOAL', 'INTEREST'] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];
export const KEYWORD_QUESTIONS: Record<KeywordType, string> = {
  EXPRESS: '지금의 나를 표현하는 키워드',
  GOAL: '요즘 나의 목표 키워드',
  INTEREST: '요즘 가장 큰 관심사 키워드',
};

export interface Keyword {
  id: number;
  type: KeywordType;
  title: string;
  description: string;
}

/** Member card: recommendations, popular, filters (contract section 3). */
export interface MemberCard {
  memberId: number;
  memberName: string;
  profileImageUrl: string | null;
  department: string;
  studentNo: string;
  userInterests: InterestCode[];
  userKeywords: Keyword[];
}

export const MATCH_STATUSES = ['NONE', 'REQUESTED', 'RECEIVED', 'ACCEPTED'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export interface MemberDetail {
  id: number;
  memberName: string;
  studentNo: string;
  university: string;
  college: string;
  department: string;
  profileImageUrl: string | null;
  userKeywords: Keyword[];
  userInterests: InterestCode[];
  timeTables: Slot[];
  matchStatus: MatchStatus;
}

export interface Me {
  profileImageUrl: string | null;
  memberName: string;
  studentNo: string;
  department: string;
  userInterests: InterestCode[];
  userKeywords: Keyword[];
  timeTables: Slot[];
}

export interface MyPage {
  profileImageUrl: string | null;
  name: string;
  studentId: string;
  department: string;
  completed: number;
  requested: number;
  received: number;
  keywords: string[];
  tags: InterestCode[];
}

export interface PageMeta {
  currentPage: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  hasNext: boolean;
}
export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

export interface College {
  id: number;
  name: string;
}
export type Department = College;

/**
 * Text a person typed: no NUL (PostgreSQL text cannot hold it), no other C0/C1 control characters
 * except tab and line breaks, and none of the bidi embedding/override/isolate controls
 * (U+202A–U+202E, U+2066–U+2069) that make a name or message display reversed or disguised.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const noControlChars = (s: string) => !CONTROL_CHARS_RE.test(s);
/** One-line text (names, keyword titles): the same, and no tab or line break either. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_UNSAFE_RE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const plainLine = (s: string) => !LINE_UNSAFE_RE.test(s);
export const UNSAFE_TEXT_MESSAGE = '쓸 수 없는 문자(제어 문자나 방향 전환 문자)가 들어 있어요.';
const UNSAFE_GLOBAL_RE = new RegExp(CONTROL_CHARS_RE.source, 'g');
/** Chat text is kept, not refused: what cannot be shown safely is removed (tab and line breaks stay). */
export const stripUnsafeText = (s: string) => s.replace(UNSAFE_GLOBAL_RE, '');

const size = z.coerce.number().int().min(1).max(50).default(10);
const page = z.coerce.number().int().min(0).max(100_000).default(0);
export const pageQuerySchema = z.object({ page, size });

export const STUDENT_NO_FILTERS = ['25', '24', '23', '22', '21', '20학번이상'] as const;
export type StudentNoFilter = (typeof STUDENT_NO_FILTERS)[number];
export const FILTER_SORTS = ['recommend', 'recent'] as const;
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
export type FiltersQuery = z.output<typeof filtersQuerySchema>;

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

export const tagsBodySchema = z.object({
  interestIds: z.array(z.number().int()).min(1).max(MAX_INTERESTS),
});

export const keywordsBodySchema = z.object({
  keywords: z
    .array(
      z.object({
        type: z.enum(KEYWORD_TYPES),
        title: z.string().trim().min(1).max(5).refine(plainLine, UNSAFE_TEXT_MESSAGE),
        description: z.string().trim().min(1).max(100).refine(noControlChars, UNSAFE_TEXT_MESSAGE),
      }),
    )
    .length(3),
});

export const KEYWORD_TITLE_MAX = 5;
export const KEYWORD_DESCRIPTION_MAX = 100;
/** Only the first 800 characters are read (contract section 3). */
export const KEYWORD_AI_INPUT_CHARS = 800;
export const keywordAiBodySchema = z.object({ description: z.string().trim().min(1).max(10_000).refine(noControlChars, UNSAFE_TEXT_MESSAGE) });
export interface KeywordAiResult {
  keyword: string;
}
export const profileImageBodySchema = z.object({ profileImageUrl: z.url().max(1000) });
export const fcmTokenBodySchema = z.object({ fcmToken: z.string().trim().min(1).max(4096) });
export const timetableBodySchema = z.object({ timeTableList: z.array(slotSchema).max(50) });

/** `result` strings of the member writes (contract section 3). */
export const INTERESTS_UPDATE_SUCCESS = 'INTERESTS_UPDATE_SUCCESS';
export const KEYWORDS_UPDATE_SUCCESS = 'KEYWORDS_UPDATE_SUCCESS';
export const PROFILE_IMAGE_UPDATE_SUCCESS = 'PROFILE_IMAGE_UPDATE_SUCCESS';
export const TIMETABLE_UPDATE_SUCCESS = 'TIMETABLE_UPDATE_SUCCESS';
/** PATCH /api/members/fcm-token answers with this code and no result. */
export const FCM_SUCCESS_CODE = 'FCM200';
export const FCM_SUCCESS_MESSAGE = '알림 토큰이 저장되었어요.';
