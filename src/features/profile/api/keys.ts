/** Query keys of the profile feature, general → specific. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (id: number) => [...profileKeys.all, 'detail', id] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};
