import { z } from 'zod';
import { FIRST_HOUR, HOURS, WEEKDAYS, type Weekday, slotFor, slotHours } from './timetable-values';
// The plain values (no zod) live in ./timetable-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export { FIRST_HOUR, HOURS, LAST_HOUR, TIMETABLE_EMPTY_MESSAGE, WEEKDAYS, slotFor, slotHours, slotKey, type Weekday } from './timetable-values';

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

/** Bit index of a (day, hour) cell in the 50-bit free-time mask: day-major, hour-minor. */
export function slotBit(day: Weekday, hour: number): number {
  return WEEKDAYS.indexOf(day) * HOURS.length + (hour - FIRST_HOUR);
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
