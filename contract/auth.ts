import { z } from 'zod';
import { interestCodeSchema, MAX_INTERESTS } from './interests';
import { plainLine, UNSAFE_TEXT_MESSAGE } from './members';
import { slotSchema } from './timetable';
import { MEMBER_NAME_MAX, NEW_USER_RESULT, SIGNUP_MAX_SLOTS, SIGNUP_MESSAGES } from './auth-values';
// The plain values (no zod) live in ./auth-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { ACCESS_HEADER, NEW_USER_RESULT, SIGNUP_MESSAGES } from './auth-values';

export const REFRESH_COOKIE = 'refresh';
export const LOGIN_SUCCESS_RESULT = '로그인 성공';

/** Claims of the access JWT (contract section 2). */
export const accessClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  email: z.string(),
  type: z.literal('access'),
  exp: z.number(),
  /** The sign-in session (refresh-token family) the token belongs to; absent in tokens issued before it existed. */
  sid: z.string().max(64).optional(),
});

export const signUpSchema = z.object({
  membername: z.string({ error: SIGNUP_MESSAGES.name }).trim().min(1, SIGNUP_MESSAGES.name).max(MEMBER_NAME_MAX, SIGNUP_MESSAGES.nameTooLong),
  studentNo: z
    .string({ error: SIGNUP_MESSAGES.studentNo })
    .trim()
    .regex(/^\d{2}$/, SIGNUP_MESSAGES.studentNo),
  collegeId: z.number({ error: '단과대학을 선택해 주세요.' }).int().positive('단과대학을 선택해 주세요.'),
  departmentId: z.number({ error: SIGNUP_MESSAGES.department }).int().positive(SIGNUP_MESSAGES.department),
  interests: z
    .array(interestCodeSchema, { error: SIGNUP_MESSAGES.interests })
    .min(1, SIGNUP_MESSAGES.interests)
    .max(MAX_INTERESTS, SIGNUP_MESSAGES.tooManyInterests),
  timeTables: z.array(slotSchema, { error: SIGNUP_MESSAGES.timeTables }).min(1, SIGNUP_MESSAGES.timeTables).max(SIGNUP_MAX_SLOTS),
});
export type SignUpBody = z.input<typeof signUpSchema>;

/**
 * PATCH /auth/signUp/lunchChat as checked at the edge: the shape first (COMMON400 with these field
 * messages), then each rule with its own code (USER_404_COLLEGE, USER_404_DEPT, USER_400_INTEREST,
 * USER_404_INTEREST, TIMETABLE_400). `signUpSchema` above is the wizard's stricter form check.
 */
export const signUpBodySchema = z.object({
  membername: z
    .string({ error: SIGNUP_MESSAGES.name })
    .trim()
    .min(1, SIGNUP_MESSAGES.name)
    .max(20, '이름은 20자 이하로 입력해 주세요.')
    .refine(plainLine, UNSAFE_TEXT_MESSAGE),
  studentNo: z
    .string({ error: SIGNUP_MESSAGES.studentNo })
    .trim()
    .regex(/^\d{2}$/, SIGNUP_MESSAGES.studentNo),
  collegeId: z
    .number({ error: '단과대학을 선택해 주세요.' })
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  departmentId: z
    .number({ error: SIGNUP_MESSAGES.department })
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  interests: z.array(z.string().max(64), { error: SIGNUP_MESSAGES.interests }).max(20),
  timeTables: z.array(z.unknown(), { error: SIGNUP_MESSAGES.timeTables }).max(200),
});

/** 25 → 2025, 98 → 1998: two-digit admission years in the window around this year. */
export function admissionYear(studentNo: string, now = new Date()): number {
  const yy = Number(studentNo);
  const current = now.getFullYear() % 100;
  return yy <= current + 1 ? 2000 + yy : 1900 + yy;
}

/** GET /auth/login/google?code= (the PWA's fetch; a navigation gets the app). */
export const loginCodeQuerySchema = z.object({ code: z.string().trim().min(1, '로그인 코드가 없어요.').max(2048) });
/** GET /auth/callback/google: whatever the IdP sends; anything malformed is dropped, never refused. */
export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional().catch(undefined),
  state: z.string().max(500).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
});
/** The development sign-in page (contract section 2, LOCAL_SIGNIN). */
export const localAuthorizeQuerySchema = z.object({
  redirect_uri: z.string().min(1).max(2000),
  state: z.string().max(500).default(''),
});
export const localAuthorizeFormSchema = localAuthorizeQuerySchema.extend({
  email: z.string().trim().toLowerCase().email('학교 이메일 형식이 아니에요.').max(254),
  name: z.string().trim().min(1, '이름을 입력해 주세요.').max(20, '이름은 20자 이하로 입력해 주세요.').refine(plainLine, UNSAFE_TEXT_MESSAGE),
});

export const SIGNUP_SUCCESS_RESULT = '추가 회원정보 등록 완료';
export const LOGOUT_SUCCESS_RESULT = '로그아웃 완료';
/** GET /auth/uniName answers text/plain; this when the university is unknown. */
export const UNKNOWN_UNIVERSITY_NAME = '대학 정보 없음';

/** GET /auth/login/google: whether the account still has to finish sign-up. */
export const loginResultSchema = z.enum([NEW_USER_RESULT, LOGIN_SUCCESS_RESULT]);
export const reissueResultSchema = z.object({ accessToken: z.string() });
export type ReissueResult = z.infer<typeof reissueResultSchema>;
export const signUpResultSchema = z.literal(SIGNUP_SUCCESS_RESULT);
export const logoutResultSchema = z.literal(LOGOUT_SUCCESS_RESULT);
