// Plain values of contract/meetups.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of meetups.ts (decision 0022); the server imports them through meetups.ts.
import { codesOf } from './labelled-codes';
import { seoulParts } from './seoul-time';

import type { Meetup } from './meetups';

/** Compliment codes a member may give after `met: true`, with their Korean chip labels. */
export const COMPLIMENT_LABELS = {
  KIND: '친절해요',
  FUN: '재밌어요',
  INSIGHTFUL: '배울 점이 많아요',
  PUNCTUAL: '시간 약속을 잘 지켜요',
  GOOD_LISTENER: '잘 들어줘요',
} as const;

export const COMPLIMENT_CODES = codesOf(COMPLIMENT_LABELS);

export const MEETUP_PLACE_MAX = 60;

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
