import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { colleges, departments, universities, universityDomains } from '../db/schema';
import { CAMPUS } from './campus-data';
import { seedPlaces } from './places';

/** Idempotent: inserts what is missing, keeps ids of what exists (members reference them). */
export async function seedCampus(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const uni of CAMPUS) {
      await tx
        .insert(universities)
        .values({ shortName: uni.shortName, fullName: uni.fullName, configKey: uni.configKey })
        .onConflictDoNothing({ target: universities.shortName });
      const [row] = await tx.select({ id: universities.id }).from(universities).where(eq(universities.shortName, uni.shortName));
      const universityId = row!.id;
      await seedPlaces(tx, universityId, uni.configKey);
      for (const domain of uni.domains) {
        await tx.insert(universityDomains).values({ domain, universityId }).onConflictDoNothing();
      }
      for (const [collegeName, departmentNames] of Object.entries(uni.colleges)) {
        await tx.insert(colleges).values({ universityId, name: collegeName }).onConflictDoNothing();
        const [college] = await tx
          .select({ id: colleges.id })
          .from(colleges)
          .where(and(eq(colleges.universityId, universityId), eq(colleges.name, collegeName)));
        const collegeId = college!.id;
        if (departmentNames.length > 0) {
          await tx
            .insert(departments)
            .values(departmentNames.map((name) => ({ collegeId, name })))
            .onConflictDoNothing();
        }
      }
    }
  });
}
