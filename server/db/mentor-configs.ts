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

export async function mentorConfigFor(db: Db, universityId: number, month: string): Promise<ResolvedMentorConfig | undefined> {
  const key = await universityConfigKey(db, universityId);
  if (!key) return undefined;
  const [row] = await db
    .select({ config: mentorConfigs.config, updatedAt: mentorConfigs.updatedAt })
    .from(mentorConfigs)
    .where(and(eq(mentorConfigs.universityId, universityId), eq(mentorConfigs.month, month)))
    .limit(1);
  if (!row) return { config: MENTOR_CONFIGS[key], stored: false, updatedAt: null };
  return { config: { key, ...row.config }, stored: true, updatedAt: row.updatedAt };
}
