import { z } from 'zod';
import { interestCodeSchema, MAX_INTERESTS } from './interests';
import { slotSchema } from './timetable';

/** Response header carrying the access token (exposed to CORS). */
export const ACCESS_HEADER = 'access';
export const REFRESH_COOKIE = 'refresh';
export const NEW_USER_RESULT = 'isNewUser';
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

/** The wizard's Korean messages (spec section 5) double as the server's field messages. */
export const SIGNUP_MESSAGES = {
  name: '이름을 입력해주세요.',
  studentNo: '학번은 입학년도 끝 두 자리만 작성해주세요.',
  department: '학과를 선택해주세요',
  interests: '태그를 하나 이상 선택해주세요',
  timeTables: '시간표를 선택해주세요',
} as const;

export const signUpSchema = z.object({
  membername: z.string({ error: SIGNUP_MESSAGES.name }).trim().min(1, SIGNUP_MESSAGES.name).max(20, '이름은 20자 이하로 입력해 주세요.'),
  studentNo: z
    .string({ error: SIGNUP_MESSAGES.studentNo })
    .trim()
    .regex(/^\d{2}$/, SIGNUP_MESSAGES.studentNo),
  collegeId: z.number({ error: '단과대학을 선택해 주세요.' }).int().positive('단과대학을 선택해 주세요.'),
  departmentId: z.number({ error: SIGNUP_MESSAGES.department }).int().positive(SIGNUP_MESSAGES.department),
  interests: z
    .array(interestCodeSchema, { error: SIGNUP_MESSAGES.interests })
    .min(1, SIGNUP_MESSAGES.interests)
    .max(MAX_INTERESTS, '태그는 최대 3개까지 선택할 수 있어요.'),
  timeTables: z.array(slotSchema, { error: SIGNUP_MESSAGES.timeTables }).min(1, SIGNUP_MESSAGES.timeTables).max(50),
});
export type SignUpBody = z.input<typeof signUpSchema>;

export interface ReissueResult {
  accessToken: string;
}
