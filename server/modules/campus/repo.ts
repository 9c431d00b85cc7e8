import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { colleges, departments, universities } from '../../db/schema';

export function campusRepo(db: Db) {
  return {
    async university(universityId: number) {
      const rows = await db.select().from(universities).where(eq(universities.id, universityId)).limit(1);
      return rows[0];
    },

    collegesOf(universityId: number) {
      return db.select({ id: colleges.id, name: colleges.name }).from(colleges).where(eq(colleges.universityId, universityId)).orderBy(asc(colleges.id));
    },

    /** Departments of a college, only when that college belongs to the caller's university. */
    departmentsOf(universityId: number, collegeId: number) {
      return db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .innerJoin(colleges, eq(colleges.id, departments.collegeId))
        .where(and(eq(departments.collegeId, collegeId), eq(colleges.universityId, universityId)))
        .orderBy(asc(departments.id));
    },

    async college(universityId: number, collegeId: number) {
      const rows = await db
        .select({ id: colleges.id, name: colleges.name })
        .from(colleges)
        .where(and(eq(colleges.id, collegeId), eq(colleges.universityId, universityId)))
        .limit(1);
      return rows[0];
    },

    async department(departmentId: number) {
      const rows = await db
        .select({ id: departments.id, name: departments.name, collegeId: departments.collegeId })
        .from(departments)
        .where(eq(departments.id, departmentId))
        .limit(1);
      return rows[0];
    },
  };
}
