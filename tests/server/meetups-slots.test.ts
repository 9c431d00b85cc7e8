import { describe, expect, it } from 'vitest';
import { formatMeetupRange, googleCalendarUrl, parseReminderOffsets } from '../../contract/meetups';
import { slotBit, type Weekday } from '../../contract/timetable';
import { suggestMeetupSlots } from '../../server/modules/meetups/suggest';

const mask = (...cells: [Weekday, number][]) => cells.reduce((m, [day, hour]) => m | (1n << BigInt(slotBit(day, hour))), 0n);
const PLACES = ['학생식당', '중앙도서관 카페'];
const starts = (now: string, a: bigint, b: bigint = a) =>
  suggestMeetupSlots({ now: Date.parse(now), maskA: a, maskB: b, places: PLACES }).map((s) => s.startsAt);

// 2026-11-23 is a Monday. Seoul is UTC+9 all year: 10:00 KST = 01:00Z the same date.
describe('meetup suggestions: Seoul arithmetic (contract section 14)', () => {
  it('only hours where both timetables are free, soonest first, one hour long, places rotating', () => {
    const a = mask(['MON', 12], ['TUE', 12], ['WED', 13]);
    const b = mask(['TUE', 12], ['WED', 13], ['THU', 10]);
    const slots = suggestMeetupSlots({ now: Date.parse('2026-11-23T00:00:00Z'), maskA: a, maskB: b, places: PLACES });
    expect(slots).toEqual([
      { startsAt: '2026-11-24T03:00:00.000Z', endsAt: '2026-11-24T04:00:00.000Z', place: '학생식당' },
      { startsAt: '2026-11-25T04:00:00.000Z', endsAt: '2026-11-25T05:00:00.000Z', place: '중앙도서관 카페' },
    ]);
  });

  it('the day is the Seoul date: just after Seoul midnight (still the day before in UTC)', () => {
    // 2026-11-23T15:30Z is Tuesday 00:30 in Seoul; Tuesday 10:00 KST is 9.5 hours away, not a week.
    expect(starts('2026-11-23T15:30:00Z', mask(['TUE', 10]))[0]).toBe('2026-11-24T01:00:00.000Z');
    // 2026-11-23T14:50Z is Monday 23:50 in Seoul: Monday 10:00 is past, next Monday is within 7 days.
    expect(starts('2026-11-23T14:50:00Z', mask(['MON', 10], ['TUE', 10]))).toEqual(['2026-11-24T01:00:00.000Z', '2026-11-30T01:00:00.000Z']);
  });

  it('across the week boundary: Friday evening skips the weekend to Monday', () => {
    // Friday 2026-11-27 19:40 KST: Friday 19:00 has started; Saturday and Sunday have no timetable;
    // next Friday 19:00 is 6 days 23 h 20 min away.
    expect(starts('2026-11-27T10:40:00Z', mask(['FRI', 19], ['MON', 10]))).toEqual(['2026-11-30T01:00:00.000Z', '2026-12-04T10:00:00.000Z']);
  });

  it('at least 30 minutes from now, and no further than 7 days', () => {
    // Monday 11:30 KST: Monday 12:00 is exactly 30 minutes away (kept); at 11:31 it is not, and next
    // Monday 12:00 is more than 7 days away; at 12:01 next Monday 12:00 is just under 7 days away.
    expect(starts('2026-11-23T02:30:00Z', mask(['MON', 12]))).toEqual(['2026-11-23T03:00:00.000Z']);
    expect(starts('2026-11-23T02:31:00Z', mask(['MON', 12]))).toEqual([]);
    expect(starts('2026-11-23T03:01:00Z', mask(['MON', 12]))).toEqual(['2026-11-30T03:00:00.000Z']);
  });

  it('at most 5, and none without a common free hour', () => {
    const everything = mask(...(['MON', 'TUE', 'WED'] as const).flatMap((d) => [10, 11, 12, 13].map((h) => [d, h] as [Weekday, number])));
    const five = starts('2026-11-23T00:00:00Z', everything);
    expect(five).toHaveLength(5);
    expect([...five].sort()).toEqual(five);
    expect(starts('2026-11-23T00:00:00Z', mask(['MON', 12]), mask(['MON', 13]))).toEqual([]);
  });
});

describe('meetup formatting and env', () => {
  it('Korean date range in Seoul time, the end dated when it is another day', () => {
    expect(formatMeetupRange('2026-11-24T03:00:00Z', '2026-11-24T04:00:00Z')).toBe('11월 24일 (화) 12:00~13:00');
    expect(formatMeetupRange('2026-11-24T14:30:00Z', '2026-11-24T15:30:00Z')).toBe('11월 24일 (화) 23:30~11월 25일 00:30');
    expect(formatMeetupRange('2026-12-31T15:00:00Z', '2026-12-31T16:00:00Z')).toBe('1월 1일 (금) 00:00~01:00');
  });

  it('MEETUP_REMINDERS accepts s/m/h offsets, largest first, and refuses anything else', () => {
    expect(parseReminderOffsets('60m,10m')).toEqual([3_600_000, 600_000]);
    expect(parseReminderOffsets('30s, 1h ,5m')).toEqual([3_600_000, 300_000, 30_000]);
    expect(parseReminderOffsets('')).toEqual([]);
    expect(parseReminderOffsets('10')).toBeNull();
    expect(parseReminderOffsets('10d')).toBeNull();
  });

  it('Google Calendar link carries UTC times and the place', () => {
    const url = new URL(
      googleCalendarUrl({
        startsAt: '2026-11-24T03:00:00.000Z',
        endsAt: '2026-11-24T04:00:00.000Z',
        place: '학생식당',
        partner: { id: 2, memberName: '이점심' },
      }),
    );
    expect(url.searchParams.get('dates')).toBe('20261124T030000Z/20261124T040000Z');
    expect(url.searchParams.get('location')).toBe('학생식당');
    expect(url.searchParams.get('text')).toContain('이점심');
  });
});
