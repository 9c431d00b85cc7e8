/** Query keys of blocks (contract section 15), general → specific. */
export const blockKeys = {
  all: ['blocks'] as const,
  list: () => [...blockKeys.all, 'list'] as const,
};
