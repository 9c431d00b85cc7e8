import { z } from 'zod';
import { slotHours, slotKey, TIMETABLE_EMPTY_MESSAGE, WEEKDAYS, type Slot } from '../../contract/timetable';
import { AppError } from './http';

const slotShape = z.object({
  dayOfWeek: z.enum(WEEKDAYS),
  startTime: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  endTime: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  subjectName: z.string().max(50).optional().nullable(),
});

const SLOT_MESSAGE = '시간은 월~금 10:00~20:00의 정시 단위로 선택해 주세요.';

/**
 * The timetable rules of contract section 2, for sign-up (`timeTables`) and PATCH /api/timetables
 * (`timeTableList`): at least one slot, whole hours MON–FRI 10:00–20:00, and no hour twice — a
 * slot may span hours, so 10–12 and 11–12 overlap.
 */
export function validSlots(list: unknown[], field: 'timeTables' | 'timeTableList'): Slot[] {
  if (list.length === 0) throw new AppError('TIMETABLE_400', { [field]: TIMETABLE_EMPTY_MESSAGE });
  const seen = new Set<string>();
  return list.map((raw, i) => {
    const slot = slotShape.safeParse(raw);
    const hours = slot.success ? slotHours(slot.data) : null;
    if (!slot.success || !hours) throw new AppError('TIMETABLE_400', { [`${field}.${i}`]: SLOT_MESSAGE });
    for (const hour of hours) {
      const key = slotKey({ dayOfWeek: slot.data.dayOfWeek, startTime: `${String(hour).padStart(2, '0')}:00` });
      if (seen.has(key)) throw new AppError('TIMETABLE_400', { [`${field}.${i}`]: '같은 시간이 두 번 선택되었어요.' });
      seen.add(key);
    }
    return { dayOfWeek: slot.data.dayOfWeek, startTime: slot.data.startTime, endTime: slot.data.endTime, subjectName: '' };
  });
}
