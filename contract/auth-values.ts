// Plain values of contract/auth.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of auth.ts (decision 0022); the server imports them through auth.ts.
import { TIMETABLE_EMPTY_MESSAGE } from './timetable-values';

/** Response header carrying the access token (exposed to CORS). */
export const ACCESS_HEADER = 'access';

export const NEW_USER_RESULT = 'isNewUser';

/** The wizard's Korean messages (spec section 5) double as the server's field messages. */
export const SIGNUP_MESSAGES = {
  name: '이름을 입력해주세요.',
  studentNo: '학번은 입학년도 끝 두 자리만 작성해주세요.',
  department: '학과를 선택해주세요',
  interests: '태그를 하나 이상 선택해주세요',
  timeTables: TIMETABLE_EMPTY_MESSAGE,
  nameTooLong: '이름은 20자 이하로 입력해 주세요.',
  tooManyInterests: '태그는 최대 3개까지 선택할 수 있어요.',
} as const;

/** At most this many slots in one sign-up. */
export const SIGNUP_MAX_SLOTS = 50;

/** Sign-up's `membername`: at most this many characters. */
export const MEMBER_NAME_MAX = 20;
