// Plain values of contract/matches.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of matches.ts (decision 0022); the server imports them through matches.ts.
/** Contract section 5. REQUESTED = sent by me, RECEIVED = sent to me, ACCEPTED = either way, accepted. */
export const MATCH_LIST_STATUSES = ['REQUESTED', 'RECEIVED', 'ACCEPTED'] as const;
