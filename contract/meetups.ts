import { z } from 'zod';
import { COMPLIMENT_CODES, type COMPLIMENT_LABELS, MEETUP_PLACE_MAX } from './meetups-values';
// The plain values (no zod) live in ./meetups-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { COMPLIMENT_CODES, MEETUP_PLACE_MAX, formatMeetupRange, googleCalendarUrl } from './meetups-values';

/** Contract section 14: meetups, from an accepted match to an actual lunch. */
const MEETUP_STATUSES = ['PROPOSED', 'CONFIRMED', 'DECLINED', 'CANCELLED', 'DONE'] as const;
export type MeetupStatus = (typeof MEETUP_STATUSES)[number];

export type ComplimentCode = keyof typeof COMPLIMENT_LABELS;

/** Rules of POST /api/matches/{matchId}/meetups. */
export const MEETUP_MAX_DAYS_AHEAD = 14;
export const MEETUP_DEFAULT_MINUTES = 60;
export const MEETUP_MAX_MINUTES = 180;
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
  /**
   * Extension (additive, optional; decision 0061): `true` with `scope=upcoming` appends, after the
   * upcoming meetups, the ones with `myCheckinDue` (over, no check-in of the caller's), newest
   * first: home's "만났나요?" without a `scope=past` request. `scope=past` lists them already, so
   * there it changes nothing. Left out: the list as before.
   */
  withPendingCheckins: z
    .enum(['true', 'false'], { error: 'withPendingCheckins는 true, false 중 하나예요.' })
    .default('false')
    .transform((value) => value === 'true'),
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
  /**
   * Extension (additive; decision 0061): the lunch took place by the server's clock (CONFIRMED and
   * over, or DONE) and the caller has not checked in yet: a client asks "만났나요?". Always sent by
   * this server; optional for the answers of older versions kept in the PWA's cache.
   */
  myCheckinDue: z.boolean().optional(),
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
