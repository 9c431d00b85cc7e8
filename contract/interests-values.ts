// Plain values of contract/interests.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of interests.ts (decision 0022); the server imports them through interests.ts.
/** Contract section 1: the order is significant, the 1-based index is the interest id. */
export const INTEREST_CODES = [
  'EXCHANGE_STUDENT',
  'EMPLOYMENT_CAREER',
  'EXAM_PREPARATION',
  'STARTUP',
  'GPA_MANAGEMENT',
  'FOREIGN_LANGUAGE_STUDY',
  'HOBBY_LEISURE',
  'SCHOOL_LIFE',
] as const;

export type InterestCode = (typeof INTEREST_CODES)[number];

export const INTEREST_LABELS: Record<InterestCode, string> = {
  EXCHANGE_STUDENT: '교환학생',
  EMPLOYMENT_CAREER: '취업/진로',
  EXAM_PREPARATION: '시험 준비',
  STARTUP: '창업',
  GPA_MANAGEMENT: '학점 관리',
  FOREIGN_LANGUAGE_STUDY: '외국어 공부',
  HOBBY_LEISURE: '취미/여가',
  SCHOOL_LIFE: '학교생활',
};

export const MAX_INTERESTS = 3;

/** Unknown codes are shown raw (spec section 3). */
export function interestLabel(code: string): string {
  return (INTEREST_LABELS as Record<string, string>)[code] ?? code;
}

export function interestId(code: InterestCode): number {
  return INTEREST_CODES.indexOf(code) + 1;
}
