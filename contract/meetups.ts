import { z } from 'zod';
import { codesOf } from './labelled-codes';
import { seoulParts } from './seoul-time';

/** Contract section 14: meetups, from an accepted match to an actual lunch. */
const MEETUP_STATUSES = ['PROPOSED', 'CONFIRMED', 'DECLINED', 'CANCELLED', 'DONE'] as const;
export type MeetupStatus = (typeof MEETUP_STATUSES)[number];

/** Compliment codes a member may give after `met: true`, with their Korean chip labels. */
export const COMPLIMENT_LABELS = {
  KIND: '친절해요',
  FUN: '재밌어요',
  INSIGHTFUL: '배울 점이 많아요',
  PUNCTUAL: '시간 약속을 잘 지켜요',
  GOOD_LISTENER: '잘 들어줘요',
} as const;
export type ComplimentCode = keyof typeof COMPLIMENT_LABELS;
export const COMPLIMENT_CODES = codesOf(COMPLIMENT_LABELS);

/** Rules of POST /api/matches/{matchId}/meetups. */
export const MEETUP_MAX_DAYS_AHEAD = 14;
export const MEETUP_DEFAULT_MINUTES = 60;
export const MEETUP_MAX_MINUTES = 180;
export const MEETUP_PLACE_MAX = 60;
/** Suggestions: at most this many, over this many days, starting at least this many minutes from now. */
export const SUGGESTION_LIMIT = 5;
export const SUGGESTION_DAYS = 7;
export const SUGGESTION_LEAD_MINUTES = 30;

/** Env `MEETUP_REMINDERS`: offsets before `startsAt`, e.g. `60m,10m` (units s, m, h). */
export const MEETUP_REMINDERS_DEFAULT = '60m,10m';
const OFFSET = /^(\d{1,6})([smh])$/;

/** Parses `60m,10m` into milliseconds, largest first; null when any part is malformed. */
export function parseReminderOffsets(value: string): number[] | null {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out: number[] = [];
  for (const part of parts) {
    const m = OFFSET.exec(part);
    if (!m) return null;
    const unit = m[2] === 's' ? 1000 : m[2] === 'm' ? 60_000 : 3_600_000;
    out.push(Number(m[1]) * unit);
  }
  return [...new Set(out)].sort((a, b) => b - a);
}

const isoInstant = z.iso.datetime({ offset: true, error: '시간은 ISO-8601 형식이어야 해요.' });

export const meetupCreateBodySchema = z.object({
  startsAt: isoInstant,
  endsAt: isoInstant.optional(),
  place: z
    .string({ error: '장소를 입력해 주세요.' })
    .trim()
    .min(1, '장소를 입력해 주세요.')
    .max(MEETUP_PLACE_MAX, `장소는 ${MEETUP_PLACE_MAX}자 이하로 입력해 주세요.`),
});
export type MeetupCreateBody = z.input<typeof meetupCreateBodySchema>;

export const meetupCheckinBodySchema = z.object({
  met: z.boolean({ error: '만났는지 알려 주세요.' }),
  compliments: z
    .array(z.enum(COMPLIMENT_CODES, { error: '칭찬 항목이 올바르지 않아요.' }))
    .max(COMPLIMENT_CODES.length)
    .optional()
    .default([])
    .transform((codes) => [...new Set(codes)]),
});
export type MeetupCheckinBody = z.input<typeof meetupCheckinBodySchema>;

const MEETUP_SCOPES = ['upcoming', 'past'] as const;
export const meetupListQuerySchema = z.object({
  scope: z.enum(MEETUP_SCOPES, { error: 'scope는 upcoming, past 중 하나예요.' }).default('upcoming'),
});
export type MeetupScope = (typeof MEETUP_SCOPES)[number];

/** A path id: a positive PostgreSQL `integer`; anything else is the one Korean `message`. */
const idParam = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const meetupIdParamsSchema = z.object({ id: idParam('약속 번호가 올바르지 않아요.') });
export const matchIdParamsSchema = z.object({ matchId: idParam('매칭 번호가 올바르지 않아요.') });

const meetupStatusSchema = z.enum(MEETUP_STATUSES);
const complimentCodeSchema = z.enum(COMPLIMENT_CODES);

/** GET /api/members/{memberId}/compliments (extension): digits only, else COMMON400. */
export const complimentsParamsSchema = z.object({
  memberId: z
    .string()
    .regex(/^\d{1,10}$/, '회원 번호가 올바르지 않아요.')
    .transform(Number)
    .pipe(z.number().int().min(1, '회원 번호가 올바르지 않아요.').max(2_147_483_647, '회원 번호가 올바르지 않아요.')),
});

/** Times are ISO-8601 instants (UTC, `Z`). */
const meetupSuggestionSchema = z.object({ startsAt: z.string(), endsAt: z.string(), place: z.string() });
export type MeetupSuggestion = z.infer<typeof meetupSuggestionSchema>;
export const meetupSuggestionListSchema = z.array(meetupSuggestionSchema);

const meetupCheckinSchema = z.object({ met: z.boolean(), compliments: z.array(complimentCodeSchema) });

/** Times are ISO-8601 instants (UTC, `Z`). */
export const meetupSchema = z.object({
  meetupId: z.number().int(),
  matchId: z.number().int(),
  proposerId: z.number().int(),
  partnerId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  status: meetupStatusSchema,
  createdAt: z.string(),
  myCheckin: meetupCheckinSchema.nullable(),
  /**
   * Extension (additive): the other member of the meetup as the caller sees it, and the pair's chat
   * room when one exists, so a list can name the partner and open the room without another call.
   */
  partner: z.object({ id: z.number().int(), memberName: z.string() }),
  chatRoomId: z.number().int().nullable(),
});
export type Meetup = z.infer<typeof meetupSchema>;
export const meetupListSchema = z.array(meetupSchema);

/** Extension (additive, section 14's spirit): GET /api/members/{id}/compliments, counts per code. */
export const complimentCountsSchema = z.object({
  memberId: z.number().int(),
  counts: z.record(complimentCodeSchema, z.number().int()),
  total: z.number().int(),
});
export type ComplimentCounts = z.infer<typeof complimentCountsSchema>;

// ---------- Seoul dates as the meetup cards show them (contract/seoul-time.ts does the arithmetic) ----------

const DAY_LABELS = ['일', '월', '화', '수', '목', '금', '토'];

const pad = (n: number) => String(n).padStart(2, '0');

/** `11월 24일 (화) 12:00~13:00` in Seoul time; the end gets its own date when it is another day. */
export function formatMeetupRange(startsAt: string, endsAt: string): string {
  const s = seoulParts(Date.parse(startsAt));
  const e = seoulParts(Date.parse(endsAt));
  const sameDay = s.year === e.year && s.month === e.month && s.day === e.day;
  const end = `${sameDay ? '' : `${e.month}월 ${e.day}일 `}${pad(e.hour)}:${pad(e.minute)}`;
  return `${s.month}월 ${s.day}일 (${DAY_LABELS[s.weekday]}) ${pad(s.hour)}:${pad(s.minute)}~${end}`;
}

/** Google Calendar's "add event" link for a meetup (offered next to the .ics download). */
export function googleCalendarUrl(meetup: Pick<Meetup, 'startsAt' | 'endsAt' | 'place' | 'partner'>): string {
  const stamp = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `런치챗: ${meetup.partner.memberName}님과 점심 약속`,
    dates: `${stamp(meetup.startsAt)}/${stamp(meetup.endsAt)}`,
    location: meetup.place,
    ctz: 'Asia/Seoul',
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
