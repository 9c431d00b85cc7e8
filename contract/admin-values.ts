// Plain values of contract/admin.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of admin.ts (decision 0022); the server imports them through admin.ts.
import { isoDateTime } from './seoul-time';

/** GET /api/admin/stats?from&to&universityId? — at most this many days. */
export const STATS_MAX_DAYS = 366;

export const STATS_FIELDS = ['signups', 'activeMembers', 'requests', 'accepts', 'messages', 'meetupsConfirmed', 'meetupsDone'] as const;

/**
 * 장소: the campus places of a university (contract section 14's meetup suggestions take their
 * place from this list, in this order). GET answers the list; PUT replaces it and answers the saved list.
 */
export const CAMPUS_PLACES_MAX = 20;

/**
 * A stored mobile number (digits only, contract section 13) as people write it: `010-1234-5678`,
 * `011-123-4567`. The applications table and CSV show it so; in the CSV the hyphens also keep
 * spreadsheet apps from reading the digits as a number and dropping the leading 0. Anything else
 * is shown as stored.
 */
export function formatMobile(digits: string): string {
  const parts = /^(01\d)(\d{3,4})(\d{4})$/.exec(digits);
  return parts ? `${parts[1]}-${parts[2]}-${parts[3]}` : digits;
}

/**
 * The console's paged lists (기록, 회원; extension): a page is `size` rows (1–`ADMIN_PAGE_SIZE_MAX`,
 * default `ADMIN_PAGE_SIZE`) after the last row of the page before, with `hasNext`.
 */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** 회원 search (extension): the longest search text, and how many members a search without paging shows. */
export const ADMIN_MEMBER_QUERY_MAX = 100;
export const ADMIN_MEMBER_SEARCH_MAX = 50;
/** A suspension without a report names its reason (kept in the audit log). */
export const SUSPEND_REASON_MAX = 200;

/**
 * 정지 기간 (extension): a suspension lasts 7 or 30 days (`days`), or, without `days`, until an
 * operator lifts it (영구, as every suspension did before). A timed one ends by itself.
 */
export const SUSPENSION_DAYS = [7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

/** The end of a suspension as the console lists it: `2026-12-05 15:00까지` (Seoul), or `영구` (null). */
export const suspensionEndLabel = (suspendedUntil: string | null) => (suspendedUntil === null ? '영구' : `${isoDateTime(Date.parse(suspendedUntil))}까지`);

/** What the audit log records (extension), with the console's Korean label for each. */
export const ADMIN_ACTIONS = [
  'REPORT_DISMISS',
  'REPORT_SUSPEND',
  'MEMBER_SUSPEND',
  'MEMBER_REINSTATE',
  'MEMBER_REINSTATE_AUTO',
  'MENTOR_SAVE',
  'PLACES_SAVE',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  REPORT_DISMISS: '신고 무시',
  REPORT_SUSPEND: '신고로 정지',
  MEMBER_SUSPEND: '직접 정지',
  MEMBER_REINSTATE: '정지 해제',
  MEMBER_REINSTATE_AUTO: '정지 해제 (기간 끝)',
  MENTOR_SAVE: '이달의 멘토 저장',
  PLACES_SAVE: '장소 저장',
};

/**
 * 신고 (extension): a report naming a message carries that message's conversation, up to this many
 * lines before and after it in its room, so an operator judges the line in its context.
 */
export const REPORT_CONTEXT_AROUND = 5;
