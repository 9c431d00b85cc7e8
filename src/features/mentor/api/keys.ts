/** Query keys of the mentor feature, general → specific. */
export const mentorKeys = {
  all: ['mentor'] as const,
  info: () => [...mentorKeys.all, 'info'] as const,
};
