// Plain values of contract/timetable.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of timetable.ts (decision 0022); the server imports them through timetable.ts.
import type { Slot } from './timetable';

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = { MON: '월', TUE: '화', WED: '수', THU: '목', FRI: '금' };

/**
 * A timetable needs at least one slot: sign-up and PATCH /api/timetables refuse an empty one with
 * this field message, and the wizard and 시간표 수정 say it before sending.
 */
export const TIMETABLE_EMPTY_MESSAGE = '시간표를 선택해주세요';

/** Ten one-hour rows, 10:00~11:00 to 19:00~20:00. */
export const FIRST_HOUR = 10;

export const LAST_HOUR = 20;

export const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export function slotFor(day: Weekday, hour: number): Slot {
  return { dayOfWeek: day, startTime: hourLabel(hour), endTime: hourLabel(hour + 1), subjectName: '' };
}

export function slotKey(slot: Pick<Slot, 'dayOfWeek' | 'startTime'>): string {
  return `${slot.dayOfWeek}-${slot.startTime.slice(0, 5)}`;
}

/**
 * Whole-hour slot check shared by the wizard and the server: 10:00–20:00, start < end, on the hour.
 * A slot may span several hours; it then covers every hour cell in between.
 */
export function slotHours(slot: Pick<Slot, 'startTime' | 'endTime'>): number[] | null {
  const m1 = /^(\d{2}):00$/.exec(slot.startTime.slice(0, 5));
  const m2 = /^(\d{2}):00$/.exec(slot.endTime.slice(0, 5));
  if (!m1 || !m2) return null;
  const start = Number(m1[1]);
  const end = Number(m2[1]);
  if (start < FIRST_HOUR || end > LAST_HOUR || start >= end) return null;
  return Array.from({ length: end - start }, (_, i) => start + i);
}
