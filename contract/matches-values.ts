/** Contract section 5. REQUESTED = sent by me, RECEIVED = sent to me, ACCEPTED = either way, accepted. */
export const MATCH_LIST_STATUSES = ['REQUESTED', 'RECEIVED', 'ACCEPTED'] as const;
