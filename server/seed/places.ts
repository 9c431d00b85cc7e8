import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { UniversitySeed } from './campus-data';

/**
 * Default meeting places per campus (contract section 14: "any sensible default list per
 * university; never empty"). Seeded only into a university that has no place at all, so what an
 * operator later edits or deletes stays as they left it.
 */
export const DEFAULT_PLACES: Record<UniversitySeed['configKey'], string[]> = {
  catholic: ['학생식당', '중앙도서관 카페', '김수환관 라운지', '교직원식당', '정문 앞 분식집'],
  kau: ['학생식당', '중앙도서관 카페', '학생회관 라운지', '전자관 카페', '정문 앞 김밥집'],
  ewha: ['학생식당', '중앙도서관 카페', 'ECC 카페', '학생문화관 라운지', '정문 앞 분식집'],
  default: ['학생식당', '중앙도서관 카페', '학생회관 라운지', '교내 편의점 앞 벤치', '정문 앞 분식집'],
};

/** Idempotent; `tx` is the seeding transaction. */
export async function seedPlaces(tx: Pick<Db, 'execute'>, universityId: number, configKey: UniversitySeed['configKey']): Promise<void> {
  const names = DEFAULT_PLACES[configKey];
  await tx.execute(sql`
    insert into campus_places (university_id, name, position)
    select ${universityId}, p.name, p.position::smallint
      from unnest(${`{${names.map((n) => `"${n}"`).join(',')}}`}::text[]) with ordinality as p(name, position)
     where not exists (select 1 from campus_places where university_id = ${universityId})
    on conflict do nothing`);
}
