// Plain values of contract/safety.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of safety.ts (decision 0022); the server imports them through safety.ts.
import { codesOf } from './labelled-codes';

/** The reason sheet's labels, in the order it shows them. */
export const REPORT_REASON_LABELS = {
  HARASSMENT: '괴롭힘',
  SPAM: '스팸·홍보',
  INAPPROPRIATE_PROFILE: '부적절한 프로필',
  NO_SHOW: '노쇼',
  OTHER: '기타',
} as const;

export const REPORT_REASONS = codesOf(REPORT_REASON_LABELS);

export const REPORT_DETAIL_MAX = 500;
