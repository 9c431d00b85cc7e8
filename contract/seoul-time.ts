// Asia/Seoul wall-clock arithmetic, shared by the meetup rules, the server's suggestions and the
// chat screens. Korea has had no daylight-saving time since 1988, so Seoul is a fixed UTC+9:
// shifting the instant and reading UTC fields is exact, and needs neither the device's zone nor
// full ICU data.

const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** The Seoul wall-clock fields of an instant. */
export function seoulParts(ms: number): { year: number; month: number; day: number; weekday: number; hour: number; minute: number } {
  const d = new Date(ms + SEOUL_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** The instant of a Seoul wall-clock time (month 1-based; day overflow rolls over like Date.UTC). */
export function seoulInstant(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute) - SEOUL_OFFSET_MS;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as students read a date and time: `2026년 12월 5일 15:00` (Seoul). */
export function koreanDateTime(ms: number): string {
  const t = seoulParts(ms);
  return `${t.year}년 ${t.month}월 ${t.day}일 ${two(t.hour)}:${two(t.minute)}`;
}

/** An instant as the operators' console writes it in a table: `2026-12-05 15:00` (Seoul). */
export function isoDateTime(ms: number): string {
  const t = seoulParts(ms);
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}
