/** The one key factory of the admin resource (contract section 16), general → specific. */
export const adminKeys = {
  all: ['admin'] as const,
  /** GET /api/admin/me */
  me: () => [...adminKeys.all, 'me'] as const,
  /** GET /api/admin/universities */
  universities: () => [...adminKeys.all, 'universities'] as const,
  /** GET /api/admin/universities/{id}/mentor?month */
  mentor: (universityId: number, month: string) => [...adminKeys.all, 'mentor', universityId, month] as const,
  /** GET /api/admin/universities/{id}/places */
  places: (universityId: number) => [...adminKeys.all, 'places', universityId] as const,
  /** GET /api/admin/mentor-applications?universityId&month */
  applications: (universityId: number, month: string) => [...adminKeys.all, 'applications', universityId, month] as const,
  /** GET /api/admin/reports?status */
  reports: () => [...adminKeys.all, 'reports'] as const,
  reportsOf: (status: 'OPEN' | 'CLOSED', universityId: number | null) => [...adminKeys.reports(), status, universityId] as const,
  /** GET /api/admin/members/suspended */
  suspended: () => [...adminKeys.all, 'suspended'] as const,
  /** GET /api/admin/members?query&universityId */
  members: () => [...adminKeys.all, 'members'] as const,
  membersOf: (query: string, universityId: number | null) => [...adminKeys.members(), query, universityId] as const,
  /** GET /api/admin/audit?before&universityId */
  audit: (universityId: number | null) => [...adminKeys.all, 'audit', universityId] as const,
  /** GET /api/admin/stats?from&to&universityId */
  stats: (from: string, to: string, universityId: number | null) => [...adminKeys.all, 'stats', from, to, universityId] as const,
};

/** Operator data (phone numbers, reports) is never written to the device's persisted cache. */
export const ADMIN_QUERY_META = { persist: false } as const;
