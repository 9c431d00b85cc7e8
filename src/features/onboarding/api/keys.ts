/** Query keys of the onboarding feature, general → specific. */
export const collegeKeys = {
  all: ['colleges'] as const,
  list: () => [...collegeKeys.all, 'list'] as const,
  departments: (collegeId: number) => [...collegeKeys.all, collegeId, 'departments'] as const,
};
