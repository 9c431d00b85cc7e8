import { seoulInstant, seoulParts } from '../../../../contract/seoul-time';
/**
 * Dates and times as the chat screens show them, always in Asia/Seoul.
 * (contract/seoul-time.ts does the UTC+9 arithmetic).
 */
const WEEKDAYS = ['일요일', '월요일', '화요일', '수요일', '목요일', '금요일', '토요일'] as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` in Seoul: the key that groups messages under one date heading. */
export function seoulDayKey(epochMs: number): string {
  const p = seoulParts(epochMs);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** `YYYY-MM-DD HH:mm` in Seoul: two messages in the same minute share it. */
export function seoulMinuteKey(epochMs: number): string {
  const p = seoulParts(epochMs);
  return `${seoulDayKey(epochMs)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** Date heading: `2025년 03월 07일 (금요일)`. */
export function formatDateHeading(epochMs: number): string {
  const p = seoulParts(epochMs);
  return `${p.year}년 ${pad2(p.month)}월 ${pad2(p.day)}일 (${WEEKDAYS[p.weekday] ?? ''})`;
}

/** 12-hour clock with the Korean AM/PM marker: `오전 9:05`, `오후 12:30`, `오전 12:00`. */
function formatClock(hour: number, minute: number): string {
  const marker = hour < 12 ? '오전' : '오후';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${marker} ${hour12}:${pad2(minute)}`;
}

export function formatMessageTime(epochMs: number): string {
  const p = seoulParts(epochMs);
  return formatClock(p.hour, p.minute);
}

const CLOCK_RE = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/**
 * The chat list's `lastMessageSentAt` is `HH:mm` (contract section 7); an ISO instant is also
 * accepted. Anything else is shown as it came, and nothing at all when there is no message yet.
 */
export function formatListTime(value: string | null | undefined): string {
  if (!value) return '';
  const clock = CLOCK_RE.exec(value.trim());
  if (clock) {
    const hour = Number(clock[1]);
    const minute = Number(clock[2]);
    if (hour < 24 && minute < 60) return formatClock(hour, minute);
    return value;
  }
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? value : formatMessageTime(instant);
}

/**
 * The chat list's time as KakaoTalk writes it (decision 0060), for the last message's instant:
 * the clock today, 어제 yesterday, `12월 5일` earlier this year, `2025. 12. 5.` in another year —
 * all by the Seoul calendar, whatever the device's zone.
 */
export function formatListInstant(epochMs: number, nowMs: number): string {
  const p = seoulParts(epochMs);
  const today = seoulParts(nowMs);
  const startOfToday = seoulInstant(today.year, today.month, today.day);
  if (epochMs >= startOfToday) return formatClock(p.hour, p.minute);
  if (epochMs >= seoulInstant(today.year, today.month, today.day - 1)) return '어제';
  if (p.year === today.year) return `${p.month}월 ${p.day}일`;
  return `${p.year}. ${p.month}. ${p.day}.`;
}

/**
 * A list row's time: from `lastMessageAt` (the instant, decision 0060) when the server sent it,
 * else from `lastMessageSentAt` (a clock only: older servers, lists cached before the extension).
 */
export function formatRoomTime(room: { lastMessageAt?: string | null; lastMessageSentAt: string | null }, nowMs: number): string {
  const instant = room.lastMessageAt ? Date.parse(room.lastMessageAt) : Number.NaN;
  return Number.isNaN(instant) ? formatListTime(room.lastMessageSentAt) : formatListInstant(instant, nowMs);
}
