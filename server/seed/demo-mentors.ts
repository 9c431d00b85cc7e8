import { eq } from 'drizzle-orm';
import { MENTOR_CONFIGS, mentorDateLabel, UNIVERSITY_KEYS, type UniversityKey } from '../../contract/mentor';
import { seoulParts } from '../../contract/seoul-time';
import type { Db } from '../db/client';
import { mentorConfigs, universities } from '../db/schema';

/**
 * The demo campus's monthly mentors: each university's built-in mentor (spec section 3) saved for
 * the current Seoul month, as an operator would, so the demo's mentor page offers a real session
 * instead of the "being prepared" state. The session is the month's last weekday, with its
 * weekday from the calendar. A month already saved (an operator's edit) is kept.
 */
export async function seedDemoMentors(db: Db, now = new Date()): Promise<void> {
  const { year, month } = seoulParts(now.getTime());
  await seedDemoMentorMonth(db, `${year}-${String(month).padStart(2, '0')}`);
}

/**
 * The same for one month (`YYYY-MM`), at every university or at `universityId` only: the mentor
 * routes call it for the current month when none is saved (app.ts, with the demo seed only), so a
 * server that runs into a new month does not fall back to "이번 달 멘토를 준비하고 있어요".
 */
export async function seedDemoMentorMonth(db: Db, monthKey: string, universityId?: number): Promise<void> {
  const [year, month] = monthKey.split('-').map(Number) as [number, number];
  let day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  while ([0, 6].includes(new Date(Date.UTC(year, month - 1, day)).getUTCDay())) day--;
  const date = mentorDateLabel(year, month, day);
  const rows = await db
    .select({ id: universities.id, key: universities.configKey })
    .from(universities)
    .where(universityId === undefined ? undefined : eq(universities.id, universityId));
  for (const row of rows) {
    const key: UniversityKey = (UNIVERSITY_KEYS as readonly string[]).includes(row.key) ? (row.key as UniversityKey) : 'default';
    const { key: _key, ...config } = MENTOR_CONFIGS[key];
    await db
      .insert(mentorConfigs)
      .values({ universityId: row.id, month: monthKey, config: { ...config, schedule: { ...config.schedule, date } } })
      .onConflictDoNothing();
  }
}
