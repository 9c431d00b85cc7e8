import { z } from 'zod';
import { noControlChars } from './members';
import { KOREAN_MOBILE_RE, MENTOR_APPLY_MESSAGES, MENTOR_QUESTION_MAX, UNIVERSITY_KEYS, type UniversityKey } from './mentor-values';
// The plain values (no zod) live in ./mentor-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { checkMentorDate, KOREAN_MOBILE_RE, MENTOR_CONFIGS, mentorDateLabel, UNIVERSITY_KEYS, type UniversityKey } from './mentor-values';

/**
 * Spec section 4, "University key": the `school` query parameter wins; otherwise the university
 * name decides (umc → default, aerospace → kau, Ewha → ewha, Catholic → catholic, else default).
 */
export function universityKey(universityName: string | null | undefined, school?: string | null): UniversityKey {
  if (school && (UNIVERSITY_KEYS as readonly string[]).includes(school)) return school as UniversityKey;
  const name = (universityName ?? '').toLowerCase();
  if (name.includes('umc')) return 'default';
  if (/항공|aerospace|kau/.test(name)) return 'kau';
  if (/이화|ewha/.test(name)) return 'ewha';
  if (/가톨릭|catholic/.test(name)) return 'catholic';
  return 'default';
}

const mentorScheduleSchema = z.object({
  date: z.string(),
  time: z.string(),
  place: z.string(),
  /** Seats this month. */
  capacity: z.number().int(),
});

const mentorConfigSchema = z.object({
  key: z.enum(UNIVERSITY_KEYS),
  /** Same-origin path of the banner image the PWA ships. */
  bannerImage: z.string(),
  mentorName: z.string(),
  mentorTitle: z.string(),
  mentorSub: z.string(),
  /** Three intro paragraphs. */
  intro: z.tuple([z.string(), z.string(), z.string()]),
  schedule: mentorScheduleSchema,
});
export type MentorConfig = z.infer<typeof mentorConfigSchema>;

/** GET /api/mentor. `month`, `applied`, `applicants` and `configured` are **extensions** for the apply button. */
export const mentorInfoSchema = mentorConfigSchema.extend({
  /**
   * Whether an operator saved this month's mentor (contract section 16). `false`: the fields are the
   * built-in defaults, kept for existing clients, and no session is offered (applications → MENTOR_404).
   */
  configured: z.boolean(),
  /** The application month in Korean time, `YYYY-MM`. */
  month: z.string(),
  applied: z.boolean(),
  applicants: z.number().int(),
});
export type MentorInfo = z.infer<typeof mentorInfoSchema>;

export const MENTOR_APPLY_SUCCESS = 'MENTOR_APPLY_SUCCESS';

const mentorApplyBodySchema = z.object({
  phone: z.string({ error: MENTOR_APPLY_MESSAGES.phoneMissing }).trim().regex(KOREAN_MOBILE_RE, MENTOR_APPLY_MESSAGES.phone),
  question: z
    .string({ error: MENTOR_APPLY_MESSAGES.question })
    .trim()
    .min(1, MENTOR_APPLY_MESSAGES.question)
    .max(MENTOR_QUESTION_MAX, MENTOR_APPLY_MESSAGES.questionTooLong),
});
export type MentorApplyBody = z.input<typeof mentorApplyBodySchema>;
/** What the server checks: the form's rules, and no control characters in the question. */
export const mentorApplyRequestSchema = mentorApplyBodySchema.refine((b) => noControlChars(b.question), {
  path: ['question'],
  message: '질문에 쓸 수 없는 문자가 있어요.',
});
export const mentorAppliedSchema = z.literal(MENTOR_APPLY_SUCCESS);
