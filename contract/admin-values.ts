// Plain values of contract/admin.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of admin.ts (decision 0022); the server imports them through admin.ts.
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
