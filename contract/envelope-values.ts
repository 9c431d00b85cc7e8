// Plain values of contract/envelope.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of envelope.ts (decision 0022); the server imports them through envelope.ts.
import { koreanDateTime } from './seoul-time';

/** Contract section 10. */
export const ERROR_CODES = {
  COMMON400: { status: 400, message: '요청 값이 올바르지 않아요.' },
  TOKEN_401_ACCESS_EXPIRED: { status: 401, message: '로그인이 만료되었어요.' },
  TOKEN_401_ACCESS_MALFORMED: { status: 401, message: '로그인 정보가 올바르지 않아요.' },
  JWT_401: { status: 401, message: '로그인이 필요해요.' },
  REFRESH_400: { status: 400, message: '다시 로그인해 주세요.' },
  REFRESH_401: { status: 401, message: '로그인 정보가 올바르지 않아요. 다시 로그인해 주세요.' },
  REFRESH_403: { status: 403, message: '보안을 위해 로그아웃되었어요. 다시 로그인해 주세요.' },
  AUTH_400_CODE: { status: 400, message: '로그인 코드가 올바르지 않거나 만료되었어요.' },
  AUTH_403_DISABLED: { status: 403, message: '사용할 수 없는 계정이에요.' },
  AUTH_403_DOMAIN: { status: 403, message: '가입할 수 없는 학교 이메일이에요.' },
  /** Extension: discovery (member lists and profiles) needs a finished sign-up. */
  AUTH_403_SIGNUP: { status: 403, message: '회원가입을 마친 뒤에 이용할 수 있어요.' },
  USER_404: { status: 404, message: '회원을 찾을 수 없어요.' },
  USER_404_COLLEGE: { status: 404, message: '단과대학을 찾을 수 없어요.' },
  USER_404_DEPT: { status: 404, message: '학과를 찾을 수 없어요.' },
  USER_404_INTEREST: { status: 404, message: '관심사를 찾을 수 없어요.' },
  USER_400_INTEREST: { status: 400, message: '관심사는 1개 이상 3개 이하로 선택해 주세요.' },
  INTEREST_400: { status: 400, message: '관심사는 최대 3개까지 선택할 수 있어요.' },
  KEYWORD_400: { status: 400, message: '키워드가 올바르지 않아요.' },
  KEYWORD_400_DUPLICATE: { status: 400, message: '같은 종류의 키워드가 중복되었어요.' },
  KEYWORD_400_TYPE_REQUIRED: { status: 400, message: '키워드 종류가 필요해요.' },
  KEYWORD_404_DESC_REQUIRED: { status: 400, message: '키워드 설명을 입력해 주세요.' },
  MATCH_400: { status: 400, message: '런치챗 요청을 처리할 수 없어요.' },
  MATCH_404: { status: 404, message: '런치챗 요청을 찾을 수 없어요.' },
  /** Section 15: a block between the two, in either direction. */
  MATCH_403_BLOCKED: { status: 403, message: '이 회원에게는 런치챗을 요청할 수 없어요.' },
  /** Section 15: MAX_PENDING_REQUESTS requests sent and still waiting for an answer. */
  MATCH_429_PENDING: { status: 429, message: '응답을 기다리는 요청이 너무 많아요. 보낸 요청을 취소하거나, 수락되거나 만료된 뒤에 다시 요청해 주세요.' },
  TIMETABLE_400: { status: 400, message: '시간표가 올바르지 않아요.' },
  CHAT_400: { status: 400, message: '채팅 요청이 올바르지 않아요.' },
  CHAT_400_CURSOR: { status: 400, message: '커서 값이 올바르지 않아요.' },
  CHAT_403: { status: 403, message: '이 채팅방에 접근할 수 없어요.' },
  CHAT_404: { status: 404, message: '채팅방을 찾을 수 없어요.' },
  FILE_400: { status: 400, message: '업로드할 수 없는 파일이에요.' },
  FILE_403: { status: 403, message: '업로드 주소가 올바르지 않거나 만료되었어요.' },
  /** Extension (contract section 13): no operator saved this month's mentor, so there is no session to apply for. */
  MENTOR_404: { status: 404, message: '이번 달 멘토를 준비하고 있어요. 멘토가 정해지면 신청할 수 있어요.' },
  MENTOR_409_FULL: { status: 409, message: '이번 달 멘토링 신청이 마감되었어요.' },
  MENTOR_409_DUPLICATE: { status: 409, message: '이번 달에 이미 신청했어요.' },
  MEETUP_403: { status: 403, message: '이 약속에 접근할 수 없어요.' },
  MEETUP_404: { status: 404, message: '약속을 찾을 수 없어요.' },
  MEETUP_409: { status: 409, message: '지금은 이 약속을 처리할 수 없어요.' },
  /** Contract section 16: `/api/admin/**` is for operators (ADMIN_EMAILS) only. */
  ADMIN_403: { status: 403, message: '운영자만 사용할 수 있어요.' },
  /** Extension: the university, report or member an operator named does not exist. */
  ADMIN_404: { status: 404, message: '대상을 찾을 수 없어요.' },
  /** Extension: 무시 of a report that is closed already (another operator decided it first). */
  ADMIN_409: { status: 409, message: '이미 처리된 신고예요.' },
  COMMON404: { status: 404, message: '요청한 주소를 찾을 수 없어요.' },
  COMMON405: { status: 405, message: '허용되지 않은 요청 방식이에요.' },
  COMMON413: { status: 413, message: '요청 본문이 너무 커요.' },
  /** Extension: the request line or headers are over 16 KB (Node's HTTP parser refuses them). */
  COMMON431: { status: 431, message: '요청 주소나 헤더가 너무 길어요.' },
  COMMON415: { status: 415, message: '지원하지 않는 요청 형식이에요.' },
  COMMON429: { status: 429, message: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.' },
  COMMON500: { status: 500, message: '서버에 문제가 생겼어요. 잠시 후 다시 시도해 주세요.' },
  /** Extension: a part the server needs (the database) does not answer; try again shortly. */
  COMMON503: { status: 503, message: '잠시 서비스가 원활하지 않아요. 잠시 후 다시 시도해 주세요.' },
} as const satisfies Record<string, { status: number; message: string }>;

/**
 * AUTH_403_DISABLED while a timed suspension lasts (section 16, extension 정지 기간): the message
 * says until when (its `result.suspendedUntil` is the instant), the code stays the same.
 */
export const accountDisabledUntilMessage = (untilMs: number) => `${koreanDateTime(untilMs)}까지 이용이 정지된 계정이에요.`;

/**
 * The 403s that answer the request itself, a rule of the domain (a block, a room or meetup one is
 * not part of, an operator-only page, an unfinished sign-up): a new access token would be refused
 * the same way, so clients do not refresh on them (section 1). Not among them: AUTH_403_DISABLED
 * (the account is suspended: clients sign out) and REFRESH_403 (the refresh token itself).
 */
export const DOMAIN_403_CODES: ReadonlySet<string> = new Set(
  Object.entries(ERROR_CODES)
    .filter(([code, { status }]) => status === 403 && code !== 'AUTH_403_DISABLED' && code !== 'REFRESH_403')
    .map(([code]) => code),
);
