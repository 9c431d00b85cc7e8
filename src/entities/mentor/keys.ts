/** The one key factory of the mentor resource (/api/mentor): home's banner and /monthly-mentor share it. */
export const mentorKeys = {
  all: ['mentor'] as const,
  current: () => [...mentorKeys.all, 'current'] as const,
};
