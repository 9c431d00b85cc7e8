import { z } from 'zod';
import { MEETUP_PLACE_MAX } from './meetups';
import { noControlChars, UNSAFE_TEXT_MESSAGE } from './members';
import {
  ADMIN_ACTIONS,
  ADMIN_MEMBER_QUERY_MAX,
  ADMIN_PAGE_SIZE,
  ADMIN_PAGE_SIZE_MAX,
  CAMPUS_PLACES_MAX,
  STATS_MAX_DAYS,
  SUSPEND_REASON_MAX,
  SUSPENSION_DAYS,
} from './admin-values';
import { withParticle } from './korean-particle';
// The plain values (no zod) live in ./admin-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { ADMIN_MEMBER_SEARCH_MAX, ADMIN_PAGE_SIZE, CAMPUS_PLACES_MAX, formatMobile, REPORT_CONTEXT_AROUND, type AdminAction } from './admin-values';

/**
 * Contract section 16: the operator console's API (`/api/admin/**`). Only members whose e-mail is
 * in `ADMIN_EMAILS` may call it; everyone else gets 403 `ADMIN_403`.
 */

/** GET /api/admin/me (extension): 200 for an operator, 403 `ADMIN_403` for everyone else. */
export const adminMeSchema = z.object({ operator: z.literal(true), email: z.string() });
export type AdminMe = z.infer<typeof adminMeSchema>;

/** GET /api/admin/universities. */
const adminUniversitySchema = z.object({ universityId: z.number().int(), name: z.string() });
export type AdminUniversity = z.infer<typeof adminUniversitySchema>;

/** `YYYY-MM` (a month in Seoul time). */
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthSchema = z.string({ error: '월을 입력해 주세요.' }).regex(MONTH_RE, '월은 2026-09 형식으로 입력해 주세요.');

/** `YYYY-MM-DD`, a real calendar date. */
const dateSchema = z
  .string({ error: '날짜를 입력해 주세요.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '날짜는 2026-09-01 형식으로 입력해 주세요.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, '없는 날짜예요.');

const universityIdSchema = z.coerce.number({ error: '학교를 선택해 주세요.' }).int('학교를 선택해 주세요.').min(1, '학교를 선택해 주세요.').max(2_147_483_647);

const MENTOR_TEXT_MAX = { mentorName: 30, mentorTitle: 80, mentorSub: 100, intro: 500, date: 30, time: 30, place: 50 } as const;
const MENTOR_CAPACITY_MAX = 100;

const text = (label: string, max: number) =>
  z
    .string({ error: `${withParticle(label, '을/를')} 입력해 주세요.` })
    .trim()
    .min(1, `${withParticle(label, '을/를')} 입력해 주세요.`)
    .max(max, `${withParticle(label, '은/는')} ${max}자 이하로 입력해 주세요.`);

/**
 * The banner: one of the built-in images the PWA ships (`/images/…`), or an image this
 * deployment's upload flow (contract section 11) stored — the server checks it issued the URL.
 */
export const BUILT_IN_BANNER_RE = /^\/images\/mentor-(catholic|ewha|kau|default)\.webp$/;

/** PUT /api/admin/universities/{id}/mentor?month= body; GET answers the same fields. */
export const mentorConfigInputSchema = z.object({
  mentorName: text('멘토 이름', MENTOR_TEXT_MAX.mentorName),
  mentorTitle: text('멘토 소개 한 줄', MENTOR_TEXT_MAX.mentorTitle),
  mentorSub: text('부제', MENTOR_TEXT_MAX.mentorSub),
  intro: z.tuple([text('소개 문단', MENTOR_TEXT_MAX.intro), text('소개 문단', MENTOR_TEXT_MAX.intro), text('소개 문단', MENTOR_TEXT_MAX.intro)], {
    error: '소개 문단 세 개를 입력해 주세요.',
  }),
  schedule: z.object(
    {
      date: text('날짜', MENTOR_TEXT_MAX.date),
      time: text('시간', MENTOR_TEXT_MAX.time),
      place: text('장소', MENTOR_TEXT_MAX.place),
      capacity: z
        .number({ error: '정원을 숫자로 입력해 주세요.' })
        .int('정원은 정수로 입력해 주세요.')
        .min(1, '정원은 1명 이상이어야 해요.')
        .max(MENTOR_CAPACITY_MAX, `정원은 ${MENTOR_CAPACITY_MAX}명 이하로 입력해 주세요.`),
    },
    { error: '일정을 입력해 주세요.' },
  ),
  bannerImage: z.string({ error: '배너 이미지를 선택해 주세요.' }).trim().min(1, '배너 이미지를 선택해 주세요.').max(2048, '배너 이미지 주소가 너무 길어요.'),
});
export type MentorConfigInput = z.infer<typeof mentorConfigInputSchema>;

/** GET /api/admin/universities/{id}/mentor: the fields, and whether they are stored or the built-in default. */
export const adminMentorConfigSchema = mentorConfigInputSchema.extend({
  universityId: z.number().int(),
  month: z.string(),
  /** `false`: nothing stored for this month, these are the built-in defaults. */
  stored: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AdminMentorConfig = z.infer<typeof adminMentorConfigSchema>;

/** GET /api/admin/mentor-applications?universityId&month[&format=csv]. */
export const mentorApplicationsQuerySchema = z.object({
  universityId: universityIdSchema,
  month: monthSchema,
  format: z.enum(['json', 'csv'], { error: 'format은 csv만 쓸 수 있어요.' }).optional(),
});

const mentorApplicationRowSchema = z.object({
  applicationId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string().nullable(),
  department: z.string().nullable(),
  studentNo: z.string().nullable(),
  phone: z.string(),
  question: z.string(),
  createdAt: z.string(),
});
export type MentorApplicationRow = z.infer<typeof mentorApplicationRowSchema>;

/** The CSV's columns, in order, with their Korean headers. */
export const MENTOR_APPLICATION_CSV_COLUMNS = [
  ['applicationId', '신청번호'],
  ['memberId', '회원번호'],
  ['memberName', '이름'],
  ['department', '학과'],
  ['studentNo', '학번'],
  ['phone', '휴대폰'],
  ['question', '질문'],
  ['createdAt', '신청 시각'],
] as const satisfies readonly (readonly [keyof MentorApplicationRow, string])[];

export const statsQuerySchema = z
  .object({ from: dateSchema, to: dateSchema, universityId: universityIdSchema.optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: '끝 날짜는 시작 날짜보다 빠를 수 없어요.' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= STATS_MAX_DAYS, {
    path: ['to'],
    message: `기간은 ${STATS_MAX_DAYS}일 이하로 골라 주세요.`,
  });

const statsRowSchema = z.object({
  /** A Seoul calendar day, `YYYY-MM-DD`. */
  date: z.string(),
  /** Accounts created that day (first sign-in). */
  signups: z.number().int(),
  /** Distinct members who sent a chat message or a match request that day. */
  activeMembers: z.number().int(),
  /** Match requests sent that day. */
  requests: z.number().int(),
  /** Match requests accepted that day. */
  accepts: z.number().int(),
  /** Chat messages sent that day. */
  messages: z.number().int(),
  meetupsConfirmed: z.number().int(),
  meetupsDone: z.number().int(),
});
export type StatsRow = z.infer<typeof statsRowSchema>;

/** Reports (contract sections 15 and 16). */
const REPORT_STATUSES = ['OPEN', 'CLOSED'] as const;
export const reportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'status는 OPEN 또는 CLOSED예요.' }).default('OPEN'),
  /** Extension: only reports against members of this university (a campus's own operators). */
  universityId: universityIdSchema.optional(),
});
const REPORT_ACTIONS = ['DISMISS', 'SUSPEND'] as const;

/**
 * 정지 기간 (extension): `days` 7 or 30 ends the suspension by itself that many days later; left
 * out (or null) it is permanent, as every suspension was before, so existing clients keep theirs.
 */
const suspensionDaysSchema = z
  .literal(SUSPENSION_DAYS, { error: `정지 기간은 ${SUSPENSION_DAYS.join('일 또는 ')}일이에요. 영구 정지는 days 없이 보내 주세요.` })
  .nullish()
  .transform((days) => days ?? undefined);

export const reportActionSchema = z
  .object({ action: z.enum(REPORT_ACTIONS, { error: 'action은 DISMISS 또는 SUSPEND예요.' }), days: suspensionDaysSchema })
  .refine((body) => body.action === 'SUSPEND' || body.days === undefined, { path: ['days'], message: '정지 기간은 정지할 때만 보낼 수 있어요.' });
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** When a suspension ends by itself: an ISO instant, or null while it is permanent (영구). */
const suspendedUntilSchema = z.string().nullable();

const adminMemberRef = z.object({ memberId: z.number().int(), memberName: z.string().nullable(), email: z.string(), status: z.string() });

/**
 * Extension: one line of the conversation around a reported message. `reported` marks the
 * message the report names; the others are the room's lines just before and after it.
 */
const reportContextLineSchema = z.object({
  /** Section 7's `id.value`, as the report's `messageId`. */
  messageId: z.string(),
  senderMemberId: z.number().int(),
  senderName: z.string().nullable(),
  message: z.string(),
  sentAt: z.string(),
  reported: z.boolean(),
});
export type ReportContextLine = z.infer<typeof reportContextLineSchema>;

const adminReportSchema = z.object({
  reportId: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  /** `DISMISSED` or `SUSPENDED` once closed. */
  resolution: z.string().nullable(),
  reason: z.string(),
  detail: z.string().nullable(),
  messageId: z.string().nullable(),
  /** The reported chat message's text, when the report names one and it still exists. */
  messageText: z.string().nullable(),
  createdAt: z.string(),
  reporter: adminMemberRef,
  target: adminMemberRef,
  /** Reports against this target with the same status (the console groups by target). */
  targetReportCount: z.number().int(),
  /** Extension: the target's university (the console names it; `universityId` filters by it). */
  targetUniversityId: z.number().int(),
  /**
   * Extension: when the report names a message still stored, that message with up to
   * REPORT_CONTEXT_AROUND lines before and after it in its room, oldest first, among those sent by
   * the time of the report; otherwise `[]`.
   */
  context: z.array(reportContextLineSchema),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/members/suspended (extension): who is suspended now, so 정지 해제 has a list. */
const suspendedMemberSchema = z.object({
  memberId: z.number().int(),
  memberName: z.string().nullable(),
  email: z.string(),
  universityId: z.number().int(),
  suspendedAt: z.string(),
  /** Extension (정지 기간): when the suspension ends by itself; null: 영구, until 정지 해제. */
  suspendedUntil: suspendedUntilSchema,
});
export type SuspendedMember = z.infer<typeof suspendedMemberSchema>;

export const MEMBER_REINSTATE_SUCCESS = 'MEMBER_REINSTATE_SUCCESS';
export const MENTOR_CONFIG_SAVE_SUCCESS = 'MENTOR_CONFIG_SAVE_SUCCESS';
export const memberReinstatedSchema = z.literal(MEMBER_REINSTATE_SUCCESS);
export const mentorConfigSavedSchema = z.literal(MENTOR_CONFIG_SAVE_SUCCESS);

/** Path ids of the console (`/universities/{id}`, `/reports/{id}`, `/members/{id}`): digits only (else COMMON400). */
export const adminIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, '번호가 올바르지 않아요.')
    .transform(Number),
});

/** GET /api/admin/universities/{id}/mentor?month= (default: the current Seoul month). */
export const mentorConfigQuerySchema = z.object({ month: monthSchema.optional() });
/** PUT /api/admin/universities/{id}/mentor?month= (required). */
export const mentorConfigSaveQuerySchema = z.object({ month: monthSchema });

export const adminUniversitiesSchema = z.array(adminUniversitySchema);
export const mentorApplicationRowsSchema = z.array(mentorApplicationRowSchema);
export const adminReportsSchema = z.array(adminReportSchema);
export const suspendedMembersSchema = z.array(suspendedMemberSchema);
export const statsRowsSchema = z.array(statsRowSchema);

/** PATCH /api/admin/reports/{id} result: the decision and how many OPEN reports on the target it closed. */
export const reportDecisionSchema = z.object({
  reportId: z.number().int(),
  action: z.enum(REPORT_ACTIONS),
  targetMemberId: z.number().int(),
  closedReports: z.number().int(),
  /** Extension (정지 기간), with SUSPEND: when the suspension now in force ends (null: 영구). */
  suspendedUntil: suspendedUntilSchema.optional(),
});

const placeNameSchema = z
  .string({ error: '장소 이름을 입력해 주세요.' })
  .trim()
  .min(1, '장소 이름을 입력해 주세요.')
  .max(MEETUP_PLACE_MAX, `장소 이름은 ${MEETUP_PLACE_MAX}자 이하로 입력해 주세요.`)
  .refine(noControlChars, UNSAFE_TEXT_MESSAGE);
export const campusPlacesBodySchema = z.object({
  places: z
    .array(placeNameSchema, { error: '장소 목록을 보내 주세요.' })
    // Suggestions always need a place (section 14: never empty).
    .min(1, '장소를 한 곳 이상 입력해 주세요.')
    .max(CAMPUS_PLACES_MAX, `장소는 ${CAMPUS_PLACES_MAX}곳까지 입력할 수 있어요.`)
    .refine((names) => new Set(names).size === names.length, '같은 장소가 두 번 들어 있어요.'),
});
export const campusPlacesSchema = z.object({ universityId: z.number().int(), places: z.array(z.string()) });
export type CampusPlaces = z.infer<typeof campusPlacesSchema>;

/**
 * The console's paged lists (기록, 회원; extension), one shape: `size` rows after the last row of
 * the page before (a keyset on the list's own order, so a row written meanwhile neither shifts nor
 * repeats the pages), and `hasNext`.
 */
const pageSizeSchema = z.coerce
  .number({ error: 'size는 숫자예요.' })
  .int('size는 정수예요.')
  .min(1, 'size는 1 이상이에요.')
  .max(ADMIN_PAGE_SIZE_MAX, `size는 ${ADMIN_PAGE_SIZE_MAX} 이하예요.`);
const keysetPageSchema = <T extends z.ZodType>(entry: T) => z.object({ entries: z.array(entry), hasNext: z.boolean() });

/**
 * 회원 (extension): find a member by name or e-mail, with their status and open reports, to
 * suspend someone nobody has reported in the app (a no-show told to the club, a message someone
 * screenshotted) or to check on a member. Most open reports first, then the newest accounts.
 * Without paging: at most `ADMIN_MEMBER_SEARCH_MAX` rows, a plain array (as existing clients read
 * it). With `size` or a cursor: a page; the cursor is the last row's `memberId` (`after`) and
 * `openReports` (`afterReports`), the two keys of the order, always together.
 */
export const memberSearchQuerySchema = z
  .object({
    query: z
      .string()
      .trim()
      .max(ADMIN_MEMBER_QUERY_MAX, `검색어는 ${ADMIN_MEMBER_QUERY_MAX}자 이하로 입력해 주세요.`)
      .refine(noControlChars, UNSAFE_TEXT_MESSAGE)
      .default(''),
    universityId: universityIdSchema.optional(),
    after: z.coerce
      .number({ error: 'after는 회원 번호예요.' })
      .int('after는 회원 번호예요.')
      .min(1, 'after는 회원 번호예요.')
      .max(2_147_483_647, 'after는 회원 번호예요.')
      .optional(),
    afterReports: z.coerce
      .number({ error: 'afterReports는 0 이상의 정수예요.' })
      .int('afterReports는 0 이상의 정수예요.')
      .min(0, 'afterReports는 0 이상의 정수예요.')
      .max(2_147_483_647, 'afterReports는 0 이상의 정수예요.')
      .optional(),
    size: pageSizeSchema.optional(),
  })
  .refine((q) => q.after === undefined || q.afterReports !== undefined, {
    path: ['afterReports'],
    message: 'afterReports는 after와 함께 보내 주세요.',
  })
  .refine((q) => q.afterReports === undefined || q.after !== undefined, { path: ['after'], message: 'after는 afterReports와 함께 보내 주세요.' });

const adminMemberRowSchema = z.object({
  memberId: z.number().int(),
  memberName: z.string().nullable(),
  email: z.string(),
  universityId: z.number().int(),
  department: z.string().nullable(),
  studentNo: z.string().nullable(),
  /** PENDING (sign-up not finished), ACTIVE or DISABLED (suspended). */
  status: z.string(),
  /** Reports against this member that no operator has decided yet. */
  openReports: z.number().int(),
  createdAt: z.string(),
  /** Extension (정지 기간): while DISABLED, when the suspension ends by itself; null: 영구, or not suspended. */
  suspendedUntil: suspendedUntilSchema,
});
export type AdminMemberRow = z.infer<typeof adminMemberRowSchema>;
const adminMemberRowsSchema = z.array(adminMemberRowSchema);
export const adminMemberPageSchema = keysetPageSchema(adminMemberRowSchema);
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;
/** GET /api/admin/members answers the array without paging, a page with it. */
export const adminMembersSchema = z
  .union([adminMemberPageSchema, adminMemberRowsSchema])
  .meta({ description: 'With size or after/afterReports: a page { entries, hasNext }. Without them: at most 50 rows, a plain array.' });

/** POST /api/admin/members/{id}/suspend (extension): a suspension without a report needs a reason, kept in the audit log. */
export const suspendMemberBodySchema = z.object({
  reason: z
    .string({ error: '정지 사유를 입력해 주세요.' })
    .trim()
    .min(1, '정지 사유를 입력해 주세요.')
    .max(SUSPEND_REASON_MAX, `정지 사유는 ${SUSPEND_REASON_MAX}자 이하로 입력해 주세요.`)
    .refine(noControlChars, UNSAFE_TEXT_MESSAGE),
  days: suspensionDaysSchema,
});
/**
 * The suspension, how many OPEN reports of the member it closed (as SUSPEND; their reporters are
 * told), and when the suspension in force ends (null: 영구; an earlier one stands unchanged).
 */
export const memberSuspendedSchema = z.object({ memberId: z.number().int(), closedReports: z.number().int(), suspendedUntil: suspendedUntilSchema });

/** GET /api/admin/audit?before&size&universityId (extension): the operators' log, newest first. */
export const auditQuerySchema = z.object({
  before: z.coerce.number({ error: 'before는 숫자예요.' }).int().positive().max(2_147_483_647).optional(),
  size: pageSizeSchema.default(ADMIN_PAGE_SIZE),
  universityId: universityIdSchema.optional(),
});
const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  operatorEmail: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  targetMemberId: z.number().int().nullable(),
  targetName: z.string().nullable(),
  reportId: z.number().int().nullable(),
  universityId: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export const auditPageSchema = keysetPageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
