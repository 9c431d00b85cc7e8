import { count, eq, like, sql } from 'drizzle-orm';
import { INTEREST_CODES, interestsToMask, type InterestCode } from '../../contract/interests';
import { HOURS, WEEKDAYS, slotFor, slotsToMask, type Slot } from '../../contract/timetable';
import type { Db } from '../db/client';
import { colleges, departments, members, meta, universities, universityDomains } from '../db/schema';
import { admissionYear } from '../../contract/auth';

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '지우',
  '하준',
  '서윤',
  '시우',
  '하은',
  '주원',
  '지민',
  '예준',
  '수아',
  '지호',
  '지유',
  '유준',
  '채원',
  '준서',
  '다은',
  '현우',
  '예린',
  '건우',
  '소율',
  '우진',
  '윤서',
  '선우',
  '가은',
  '연우',
  '하린',
  '민재',
  '수빈',
  '은우',
  '지안',
];
const EXPRESS: readonly (readonly [string, string])[] = [
  ['열정', '하고 싶은 건 끝까지 해보는 편이에요.'],
  ['호기심', '새로운 사람과 이야기 나누는 게 좋아요.'],
  ['꾸준함', '매일 조금씩이라도 쌓아가려고 해요.'],
  ['긍정', '웃으면서 밥 먹는 게 제일 좋아요.'],
  ['도전', '안 해본 일에 먼저 손을 드는 편이에요.'],
  ['차분함', '이야기를 잘 들어주는 사람이에요.'],
];
const GOAL: readonly (readonly [string, string])[] = [
  ['취업', '올해 안에 인턴십을 해보고 싶어요.'],
  ['토익', '토익 900점을 목표로 공부 중이에요.'],
  ['학점', '이번 학기 전공 A+ 받기!'],
  ['교환학생', '내년 봄 학기에 교환학생을 가고 싶어요.'],
  ['창업', '작은 서비스라도 직접 만들어 보고 싶어요.'],
  ['운동', '일주일에 세 번은 헬스장에 가기.'],
];
const INTEREST: readonly (readonly [string, string])[] = [
  ['AI', '요즘 생성형 AI 공부에 빠져 있어요.'],
  ['여행', '방학마다 새로운 도시에 가봐요.'],
  ['독서', '한 달에 두 권은 읽으려고 해요.'],
  ['러닝', '한강 러닝 크루에서 뛰고 있어요.'],
  ['맛집', '학교 근처 숨은 맛집을 찾아다녀요.'],
  ['영화', '주말엔 영화관에서 시간을 보내요.'],
  ['디자인', 'UI/UX 디자인에 관심이 많아요.'],
];

/** Deterministic so every fresh database shows the same campus (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function randomSlots(random: () => number): Slot[] {
  const slots = new Map<string, Slot>();
  const blocks = 2 + Math.floor(random() * 4);
  for (let b = 0; b < blocks; b++) {
    const day = pick(random, WEEKDAYS);
    const start = HOURS[Math.floor(random() * (HOURS.length - 1))]!;
    const length = 1 + Math.floor(random() * 3);
    for (let h = start; h < Math.min(start + length, 20); h++) slots.set(`${day}${h}`, slotFor(day, h));
  }
  return [...slots.values()];
}

function randomInterests(random: () => number): InterestCode[] {
  const chosen = new Set<InterestCode>();
  const n = 1 + Math.floor(random() * 3);
  while (chosen.size < n) chosen.add(pick(random, INTEREST_CODES));
  return [...chosen];
}

export interface DemoSeedOptions {
  count: number;
  /** Only this university (short name); default: spread over all seeded universities. */
  university?: string;
  seed?: number;
  /** E-mail prefix, so separate seeds (demo app, benchmarks) do not collide. */
  prefix?: string;
  /** The server's public origin: demo students get one of the three default profile images there. */
  imageOrigin?: string;
}

/** Demo students without a picture get one of the three defaults (cards never show an empty square). */
async function giveDefaultImages(db: Db, prefix: string, origin: string): Promise<void> {
  await db.execute(sql`
    update members set profile_image_url = ${origin.replace(/\/$/, '')} || '/files/defaults/profile-' || (id % 3 + 1) || '.png'
     where email like ${`${prefix}-%`} and profile_image_url is null`);
}

/** Inserts demo students with varied timetables, interests and keywords; idempotent per prefix. */
export async function seedDemoMembers(db: Db, options: DemoSeedOptions): Promise<number> {
  const prefix = options.prefix ?? 'demo';
  const [existing] = await db
    .select({ n: count() })
    .from(members)
    .where(like(members.email, `${prefix}-%`));
  const have = existing?.n ?? 0;
  if (have >= options.count) {
    if (options.imageOrigin) await giveDefaultImages(db, prefix, options.imageOrigin);
    return 0;
  }

  const unis = await db
    .select({ id: universities.id, shortName: universities.shortName, domain: universityDomains.domain })
    .from(universities)
    .leftJoin(universityDomains, eq(universityDomains.universityId, universities.id));
  const byUni = new Map<number, { domain: string }>();
  for (const u of unis) {
    if (options.university && u.shortName !== options.university) continue;
    if (!byUni.has(u.id)) byUni.set(u.id, { domain: u.domain ?? 'umc.lunchchat.dev' });
  }
  const depts = await db
    .select({ id: departments.id, collegeId: departments.collegeId, universityId: colleges.universityId })
    .from(departments)
    .innerJoin(colleges, eq(colleges.id, departments.collegeId));
  const uniIds = [...byUni.keys()];
  const random = rng((options.seed ?? 20260301) + have);
  const now = Date.now();

  // Bulk: one INSERT … SELECT FROM unnest(arrays) per 50,000 members (one ranking-bitmap rebuild each),
  // keywords joined back by e-mail. Same rows, same order as one-by-one inserts would give.
  const CHUNK = 50_000;
  const deptsOf = new Map<number, typeof depts>();
  for (const d of depts) deptsOf.set(d.universityId, [...(deptsOf.get(d.universityId) ?? []), d]);
  for (let start = have; start < options.count; start += CHUNK) {
    const end = Math.min(options.count, start + CHUNK);
    const cols = {
      email: [] as string[],
      membername: [] as string[],
      studentNo: [] as string[],
      admissionYear: [] as number[],
      universityId: [] as number[],
      collegeId: [] as number[],
      departmentId: [] as number[],
      timeMask: [] as string[],
      interestMask: [] as number[],
      hasKeyword: [] as boolean[],
      updatedAt: [] as string[],
    };
    const kw = { email: [] as string[], type: [] as string[], title: [] as string[], description: [] as string[] };
    for (let i = start; i < end; i++) {
      const universityId = uniIds[i % uniIds.length]!;
      const dept = pick(random, deptsOf.get(universityId) ?? []);
      const studentNo = String(19 + Math.floor(random() * 7));
      const hasKeyword = random() < 0.85;
      const updatedAt = new Date(now - Math.floor(random() * 30 * 24 * 3600 * 1000));
      const memberEmail = `${prefix}-${i}@${byUni.get(universityId)!.domain}`;
      cols.email.push(memberEmail);
      cols.membername.push(pick(random, SURNAMES) + pick(random, GIVEN));
      cols.studentNo.push(studentNo);
      cols.admissionYear.push(admissionYear(studentNo));
      cols.universityId.push(universityId);
      cols.collegeId.push(dept.collegeId);
      cols.departmentId.push(dept.id);
      cols.timeMask.push(String(slotsToMask(randomSlots(random))));
      cols.interestMask.push(interestsToMask(randomInterests(random)));
      cols.hasKeyword.push(hasKeyword);
      cols.updatedAt.push(updatedAt.toISOString());
      if (hasKeyword) {
        for (const [type, pool] of [
          ['EXPRESS', EXPRESS],
          ['GOAL', GOAL],
          ['INTEREST', INTEREST],
        ] as const) {
          const [title, description] = pick(random, pool);
          kw.email.push(memberEmail);
          kw.type.push(type);
          kw.title.push(title);
          kw.description.push(description);
        }
      }
    }
    const p = <T>(values: T[]) => sql.param(values);
    await db.execute(sql`
      insert into members (email, account_name, membername, student_no, admission_year, university_id, college_id, department_id,
                           status, time_mask, interest_mask, has_keyword, created_at, updated_at)
      select e, '', n, s, y, u, c, d, 'ACTIVE', t, i, k, at, at
        from unnest(${p(cols.email)}::text[], ${p(cols.membername)}::text[], ${p(cols.studentNo)}::text[], ${p(cols.admissionYear)}::smallint[],
                    ${p(cols.universityId)}::int[], ${p(cols.collegeId)}::int[], ${p(cols.departmentId)}::int[], ${p(cols.timeMask)}::bigint[],
                    ${p(cols.interestMask)}::smallint[], ${p(cols.hasKeyword)}::boolean[], ${p(cols.updatedAt)}::timestamptz[])
             with ordinality as x(e, n, s, y, u, c, d, t, i, k, at, o)
       order by o`);
    if (kw.email.length) {
      await db.execute(sql`
        insert into keywords (member_id, type, title, description)
        select m.id, x.ty, x.ti, x.de
          from unnest(${p(kw.email)}::text[], ${p(kw.type)}::text[], ${p(kw.title)}::text[], ${p(kw.description)}::text[])
               with ordinality as x(e, ty, ti, de, o)
          join members m on m.email = x.e
         order by x.o`);
    }
  }
  if (options.imageOrigin) await giveDefaultImages(db, prefix, options.imageOrigin);
  await db
    .insert(meta)
    .values({ key: `seed:${prefix}`, value: String(options.count) })
    .onConflictDoUpdate({ target: meta.key, set: { value: String(options.count) } });
  return options.count - have;
}
