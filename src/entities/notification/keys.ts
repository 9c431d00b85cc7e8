/** The one key factory of the notification resource (/api/notifications), general → specific. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
