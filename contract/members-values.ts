// Plain values of contract/members.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of members.ts (decision 0022); the server imports them through members.ts.
export const KEYWORD_TYPES = ['EXPRESS', 'GOAL', 'INTEREST'] as const;

export type KeywordType = (typeof KEYWORD_TYPES)[number];

export const KEYWORD_QUESTIONS: Record<KeywordType, string> = {
  EXPRESS: '지금의 나를 표현하는 키워드',
  GOAL: '요즘 나의 목표 키워드',
  INTEREST: '요즘 가장 큰 관심사 키워드',
};

/**
 * Text a person typed: no NUL (PostgreSQL text cannot hold it), no other C0/C1 control characters
 * except tab and line breaks, and none of the bidi embedding/override/isolate controls
 * (U+202A–U+202E, U+2066–U+2069) that make a name or message display reversed or disguised.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const UNSAFE_GLOBAL_RE = new RegExp(CONTROL_CHARS_RE.source, 'g');

/** Chat text is kept, not refused: what cannot be shown safely is removed (tab and line breaks stay). */
export const stripUnsafeText = (s: string) => s.replace(UNSAFE_GLOBAL_RE, '');

export const STUDENT_NO_FILTERS = ['25', '24', '23', '22', '21', '20학번이상'] as const;

export const FILTER_SORTS = ['recommend', 'recent'] as const;

export const KEYWORD_TITLE_MAX = 5;

export const KEYWORD_DESCRIPTION_MAX = 100;
