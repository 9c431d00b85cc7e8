import { z } from 'zod';

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = { MON: '월', TUE: '화', WED: '수', THU: '목', FRI: '금' };

/** Ten one-hour rows, 10:00~11:00 to 19:00~20:00. */
export const FIRST_HOUR = 10;
export const LAST_HOUR = 20;
export const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);

/** A timetable cell as responses carry it: whole hours, `subjectName` always `''`. */
export const timetableSlotSchema = z.object({
  dayOfWeek: z.enum(WEEKDAYS),
  startTime: z.string(),
  endTime: z.string(),
  subjectName: z.string(),
});
export type Slot = z.infer<typeof timetableSlotSchema>;

const time = z
  .string()
  .regex(/^\d{2}:\d{2}(:\d{2})?$/, '시간은 HH:MM 형식이어야 해요.')
  .transform((t) => t.slice(0, 5));

export const slotSchema = z.object({
  dayOfWeek: z.enum(WEEKDAYS),
  startTime: time,
  endTime: time,
  subjectName: z.string().max(50).optional().default(''),
});

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export function slotFor(day: Weekday, hour: number): Slot {
  return { dayOfWeek: day, startTime: hourLabel(hour), endTime: hourLabel(hour + 1), subjectName: '' };
}

export function slotKey(slot: Pick<Slot, 'dayOfWeek' | 'startTime'>): string {
  return `${slot.dayOfWeek}-${slot.startTime.slice(0, 5)}`;
}

/** Bit index of a (day, hour) cell in the 50-bit free-time mask: day-major, hour-minor. */
export function slotBit(day: Weekday, hour: number): number {
  return WEEKDAYS.indexOf(day) * HOURS.length + (hour - FIRST_HOUR);
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

/** Masks are carried as bigint because 50 bits do not fit a 32-bit int. */
export function slotsToMask(slots: readonly Slot[]): bigint {
  let mask = 0n;
  for (const slot of slots) {
    for (const hour of slotHours(slot) ?? []) mask |= 1n << BigInt(slotBit(slot.dayOfWeek, hour));
  }
  return mask;
}

export function maskToSlots(mask: bigint): Slot[] {
  const slots: Slot[] = [];
  for (const day of WEEKDAYS) {
    for (const hour of HOURS) {
      if ((mask >> BigInt(slotBit(day, hour))) & 1n) slots.push(slotFor(day, hour));
    }
  }
  return slots;
}
