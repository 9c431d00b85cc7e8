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
