import { z } from 'zod';
import { noControlChars, UNSAFE_TEXT_MESSAGE } from './members';
import { REPORT_DETAIL_MAX, REPORT_REASONS, type REPORT_REASON_LABELS } from './safety-values';
// The plain values (no zod) live in ./safety-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.

/** Contract section 15: blocks, reports, request expiry and the pending-request quota. */

export const BLOCK_SUCCESS = 'BLOCK_SUCCESS';
/** DELETE /api/members/{id}/block (the contract names no result; this mirrors BLOCK_SUCCESS). */
export const UNBLOCK_SUCCESS = 'UNBLOCK_SUCCESS';

/** One row of GET /api/members/blocks, newest first. `blockedAt` is ISO-8601. */
const blockedMemberSchema = z.object({
  memberId: z.number().int().positive(),
  memberName: z.string(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blockedMembersSchema = z.array(blockedMemberSchema);
export const blockedSchema = z.literal(BLOCK_SUCCESS);
export const unblockedSchema = z.literal(UNBLOCK_SUCCESS);

export type ReportReason = keyof typeof REPORT_REASON_LABELS;

/** Reports from this many distinct members within REPORT_HOLD_DAYS hide the target from discovery until an operator decides. */
export const REPORT_HOLD_REPORTERS = 3;
export const REPORT_HOLD_DAYS = 30;

/** Characters as a person counts them (한글 syllables and emoji are one each), as PostgreSQL's char_length does. */
const chars = (s: string) => [...s].length;

export const reportBodySchema = z.object({
  targetMemberId: z
    .union([z.number(), z.string().regex(/^\d{1,10}$/)], { error: '신고할 회원을 알려 주세요.' })
    .transform((v) => Number(v))
    .pipe(z.number().int('회원 번호가 올바르지 않아요.').positive('회원 번호가 올바르지 않아요.')),
  reason: z.enum(REPORT_REASONS, { error: '신고 사유는 HARASSMENT, SPAM, INAPPROPRIATE_PROFILE, NO_SHOW, OTHER 중 하나예요.' }),
  /** Optional free text; blank counts as none. */
  detail: z
    .string({ error: '상세 내용은 글자로 보내 주세요.' })
    .nullish()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || chars(v) <= REPORT_DETAIL_MAX, `상세 내용은 ${REPORT_DETAIL_MAX}자 이하로 입력해 주세요.`)
    .refine((v) => v === undefined || noControlChars(v.replace(/[\n\r\t]/g, ' ')), UNSAFE_TEXT_MESSAGE),
  /** Section 7's `id.value` of the reported message. */
  messageId: z
    .string({ error: '메시지 번호는 문자열이에요.' })
    .regex(/^\d{1,18}$/, '메시지 번호가 올바르지 않아요.')
    .nullish()
    .transform((v) => v ?? undefined),
});
export type ReportBody = z.input<typeof reportBodySchema>;
/** The report as the server reads it (ids as numbers, blank detail dropped). */
export type ReportInput = z.output<typeof reportBodySchema>;

export const reportCreatedSchema = z.object({
  reportId: z.number().int().positive(),
  /** Extension: the caller's same report (target, reason, message) is still open; nothing new was stored. */
  alreadyReported: z.literal(true).optional(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** `MATCH_REQUEST_TTL`: a number with a unit, s / m / h / d (e.g. `72h`, `90s`). */
const DURATION_RE = /^(\d{1,9})(s|m|h|d)$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Seconds of a duration such as `72h`; undefined when it is not one. */
export function durationSeconds(text: string): number | undefined {
  const match = DURATION_RE.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}
