/** Query keys of the home feature, general → specific. */
export const homeKeys = {
  all: ['home'] as const,
  recommendations: () => [...homeKeys.all, 'recommendations'] as const,
  popular: () => [...homeKeys.all, 'popular'] as const,
  mentor: () => [...homeKeys.all, 'mentor'] as const,
};
