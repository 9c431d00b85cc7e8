import { and, eq } from 'drizzle-orm';
import { MENTOR_CONFIGS, UNIVERSITY_KEYS, type MentorConfig, type UniversityKey } from '../../contract/mentor';
import type { Db } from './client';
import { mentorConfigs, universities } from './schema';

/**
 * The monthly mentor page of a university (contract sections 13 and 16), shared by the mentor
 * module (students read it, applications are capped by its capacity) and the admin module
 * (operators edit it): the config an operator stored for that month, else the built-in default.
 */
async function universityConfigKey(db: Db, universityId: number): Promise<UniversityKey | undefined> {
  const [row] = await db.select({ key: universities.configKey }).from(universities).where(eq(universities.id, universityId)).limit(1);
  if (!row) return undefined;
  return (UNIVERSITY_KEYS as readonly string[]).includes(row.key) ? (row.key as UniversityKey) : 'default';
}

export interface ResolvedMentorConfig {
  config: MentorConfig;
  /** Whether an operator stored it (else the built-in default). */
  stored: boolean;
  updatedAt: Date | null;
}

/**
 * Saves a university's demo mentor for a month none is saved for (insert … on conflict do
 * nothing: concurrent requests and an operator's save are safe). Only with the demo seed, which
 * app.ts hands in: a real campus must not be given a mentor nobody chose.
 */
export type SeedMentorMonth = (universityId: number, month: string) => Promise<void>;

/**
 * `seedMissing`: for the month a request is about when it is the current one, so a server that
 * runs into a new month still has its demo mentor (the boot only seeded the month it started in).
 */
export async function mentorConfigFor(db: Db, universityId: number, month: string, seedMissing?: SeedMentorMonth): Promise<ResolvedMentorConfig | undefined> {
  const key = await universityConfigKey(db, universityId);
  if (!key) return undefined;
  const stored = async () => {
    const [row] = await db
      .select({ config: mentorConfigs.config, updatedAt: mentorConfigs.updatedAt })
      .from(mentorConfigs)
      .where(and(eq(mentorConfigs.universityId, universityId), eq(mentorConfigs.month, month)))
      .limit(1);
    return row;
  };
  let row = await stored();
  if (!row && seedMissing) {
    await seedMissing(universityId, month);
    row = await stored();
  }
  if (!row) return { config: MENTOR_CONFIGS[key], stored: false, updatedAt: null };
  return { config: { key, ...row.config }, stored: true, updatedAt: row.updatedAt };
}
