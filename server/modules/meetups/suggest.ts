import { SUGGESTION_DAYS, SUGGESTION_LEAD_MINUTES, SUGGESTION_LIMIT, type MeetupSuggestion } from '../../../contract/meetups';
import { seoulInstant, seoulParts } from '../../../contract/seoul-time';
import { FIRST_HOUR, HOURS, LAST_HOUR, WEEKDAYS } from '../../../contract/timetable';

export interface SuggestInput {
  now: number;
  /** The two members' 50-bit free-time masks (bit day*10 + hour-10, contract/timetable). */
  maskA: bigint;
  maskB: bigint;
  /** The university's places, in their display order; never empty at the call site. */
  places: readonly string[];
  limit?: number;
}

/**
 * Contract section 14: the soonest one-hour slots in the next 7 days (now → now + 7 × 24 h) where
 * both timetables are free, starting at least 30 minutes from now, soonest first. Pure: Seoul is
 * UTC+9 all year (no daylight saving), so wall-clock hours are fixed-offset arithmetic, no Intl and
 * no time-zone database. Places rotate through the list so two suggestions rarely share one.
 */
export function suggestMeetupSlots(input: SuggestInput): MeetupSuggestion[] {
  const limit = input.limit ?? SUGGESTION_LIMIT;
  const common = input.maskA & input.maskB;
  const out: MeetupSuggestion[] = [];
  if (common === 0n || input.places.length === 0) return out;
  const earliest = input.now + SUGGESTION_LEAD_MINUTES * 60_000;
  const latest = input.now + SUGGESTION_DAYS * 86_400_000;
  const today = seoulParts(input.now);
  // Eight Seoul dates cover the 7 × 24 h window whatever the hour now (today's tail + 7 more days).
  for (let d = 0; d <= SUGGESTION_DAYS && out.length < limit; d++) {
    const dayStart = seoulInstant(today.year, today.month, today.day + d);
    const weekday = seoulParts(dayStart).weekday; // 0 = Sunday … 6 = Saturday
    if (weekday < 1 || weekday > WEEKDAYS.length) continue;
    const dayBase = (weekday - 1) * HOURS.length;
    for (let hour = FIRST_HOUR; hour < LAST_HOUR && out.length < limit; hour++) {
      if (((common >> BigInt(dayBase + hour - FIRST_HOUR)) & 1n) === 0n) continue;
      const start = dayStart + hour * 3_600_000;
      if (start < earliest || start >= latest) continue;
      out.push({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3_600_000).toISOString(),
        place: input.places[out.length % input.places.length]!,
      });
    }
  }
  return out;
}
