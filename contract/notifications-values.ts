// Plain values of contract/notifications.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of notifications.ts (decision 0022); the server imports them through notifications.ts.
/** Contract section 6; clients show unknown types as plain text. */
export type NotificationType =
  | 'MATCH_REQUEST'
  | 'MATCH_ACCEPTED'
  // Contract section 15: told to the requester when a request expired unanswered.
  | 'MATCH_EXPIRED'
  // Contract section 14 (meetups); the sender is the other member of the meetup.
  | 'MEETUP_PROPOSED'
  | 'MEETUP_CONFIRMED'
  // Section 14 extension: the proposer hears of a decline as of a confirm.
  | 'MEETUP_DECLINED'
  | 'MEETUP_CANCELLED'
  | 'MEETUP_REMINDER'
  | 'MEETUP_CHECKIN'
  // Contract section 16 (extension): a reporter is told what the operators decided. No sender: the
  // content names the reported member, the list shows 런치챗 운영팀.
  | 'REPORT_ACTION_TAKEN'
  | 'REPORT_NO_ACTION';

/** Notifications from the operators rather than from a member: no sender, nothing to open. */
export const OPERATOR_NOTIFICATION_TYPES: readonly NotificationType[] = ['REPORT_ACTION_TAKEN', 'REPORT_NO_ACTION'];

/** Meetup notifications: the in-app list opens the meetups page; pushes carry the pair's chat room instead. */
export const MEETUP_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'MEETUP_PROPOSED',
  'MEETUP_CONFIRMED',
  'MEETUP_DECLINED',
  'MEETUP_CANCELLED',
  'MEETUP_REMINDER',
  'MEETUP_CHECKIN',
];

export const NOTIFICATION_PAGE_SIZE = 20;
