/** The one key factory of the notification resource (/api/notifications), general → specific. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  /** The newest one alone: whether the header's bell shows its dot. */
  newest: () => [...notificationKeys.all, 'newest'] as const,
};
