/** The one key factory of the campus resource (the caller's university, its colleges and departments). */
export const campusKeys = {
  all: ['campus'] as const,
  /** GET /auth/uniName */
  universityName: () => [...campusKeys.all, 'university-name'] as const,
  /** GET /api/colleges */
  colleges: () => [...campusKeys.all, 'colleges'] as const,
  /** GET /api/colleges/{collegeId}/departments */
  departments: (collegeId: number) => [...campusKeys.colleges(), collegeId, 'departments'] as const,
};
