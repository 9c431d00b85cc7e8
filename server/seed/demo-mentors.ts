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
  const monthKey = `${year}-${String(month).padStart(2, '0')}`;
  let day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  while ([0, 6].includes(new Date(Date.UTC(year, month - 1, day)).getUTCDay())) day--;
  const date = mentorDateLabel(year, month, day);
  const rows = await db.select({ id: universities.id, key: universities.configKey }).from(universities);
  for (const row of rows) {
    const key: UniversityKey = (UNIVERSITY_KEYS as readonly string[]).includes(row.key) ? (row.key as UniversityKey) : 'default';
    const { key: _key, ...config } = MENTOR_CONFIGS[key];
    await db
      .insert(mentorConfigs)
      .values({ universityId: row.id, month: monthKey, config: { ...config, schedule: { ...config.schedule, date } } })
      .onConflictDoNothing();
  }
}
