import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_CODES, maskToInterests, type InterestCode } from '../../contract/interests';
import { colleges, departments, keywords, matches, members, universities } from '../../server/db/schema';
import { filterTuning } from '../../server/modules/members/ranking';
import { rng } from '../../server/seed/demo-members';
import { bitmapDrift, call, describeApi, email, type ApiServer } from './api-harness';
import { newMember, type Session } from './harness';

/**
 * Contract section 9 as a tiny reference implementation, fed with members built here (random but
 * seeded), compared with what the API answers. Expected orders are computed, never written down.
 */

interface Person {
  id: number;
  university: 'own' | 'other';
  status: 'ACTIVE' | 'PENDING' | 'DISABLED';
  timeMask: bigint;
  interestMask: number;
  hasKeyword: boolean;
  updatedAt: Date;
  collegeId: number;
  college: string;
  departmentId: number;
  department: string;
  admissionYear: number;
  studentNo: string;
}

interface Match {
  requesterId: number;
  targetId: number;
  status: 'REQUESTED' | 'ACCEPTED';
}

const popcount = (x: bigint | number) => {
  let v = BigInt(x);
  let n = 0;
  while (v) {
    n += Number(v & 1n);
    v >>= 1n;
  }
  return n;
};

/** Section 9 pool: same university, signed up, not the caller, not ACCEPTED with the caller. */
function pool(caller: Person, people: Person[], ms: Match[]): Person[] {
  const accepted = new Set(
    ms
      .filter((m) => m.status === 'ACCEPTED' && (m.requesterId === caller.id || m.targetId === caller.id))
      .map((m) => (m.requesterId === caller.id ? m.targetId : m.requesterId)),
  );
  return people.filter((p) => p.university === 'own' && p.status === 'ACTIVE' && p.id !== caller.id && !accepted.has(p.id));
}

/** Ties: most recently updated first, then the higher id (the order is total). */
const byScoreThenRecency = (score: (p: Person) => number) => (a: Person, b: Person) =>
  score(b) - score(a) || b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id;

function expectedRecommendations(caller: Person, people: Person[], ms: Match[]): number[] {
  const time = (p: Person) => popcount(p.timeMask & caller.timeMask);
  const interest = (p: Person) => popcount(p.interestMask & caller.interestMask);
  // 0.6·time + 0.4·interest, compared exactly as tenths.
  const score = (p: Person) => 6 * time(p) + 4 * interest(p);
  return pool(caller, people, ms)
    .filter((p) => time(p) > 0 && interest(p) > 0)
    .sort(byScoreThenRecency(score))
    .slice(0, 10)
    .map((p) => p.id);
}

function expectedPopular(caller: Person, people: Person[], ms: Match[]): number[] {
  const pendingReceived = (p: Person) => ms.filter((m) => m.status === 'REQUESTED' && m.targetId === p.id).length;
  const pendingSent = (p: Person) => ms.filter((m) => m.status === 'REQUESTED' && m.requesterId === p.id).length;
  const score = (p: Person) =>
    3 * Math.min(popcount(p.interestMask & caller.interestMask), 3) +
    Math.min(popcount(p.timeMask & caller.timeMask), 3) +
    Math.min(pendingReceived(p), 5) +
    Math.min(pendingSent(p), 2) +
    (p.hasKeyword ? 1 : 0);
  return pool(caller, people, ms)
    .sort(byScoreThenRecency(score))
    .slice(0, 10)
    .map((p) => p.id);
}

interface FilterCase {
  sort?: 'recommend' | 'recent';
  interest?: InterestCode;
  collegeId?: number;
  college?: string;
  department?: string[];
  studentNo?: string;
  page?: number;
  size?: number;
}

function expectedFilter(caller: Person, people: Person[], ms: Match[], f: FilterCase) {
  const matchCount = (p: Person) => ms.filter((m) => m.requesterId === p.id || m.targetId === p.id).length;
  const interestBit = f.interest ? 1 << INTEREST_CODES.indexOf(f.interest) : 0;
  const year = f.studentNo === undefined ? undefined : f.studentNo.startsWith('20') ? 'le2020' : 2000 + Number(f.studentNo);
  const all = pool(caller, people, ms)
    .filter((p) => !interestBit || (p.interestMask & interestBit) !== 0)
    .filter((p) => f.collegeId === undefined || p.collegeId === f.collegeId)
    .filter((p) => f.college === undefined || p.college === f.college)
    .filter((p) => f.department === undefined || f.department.includes(p.department))
    .filter((p) => year === undefined || (year === 'le2020' ? p.admissionYear <= 2020 : p.admissionYear === year))
    .sort(f.sort === 'recent' ? byScoreThenRecency(() => 0) : byScoreThenRecency(matchCount));
  const size = f.size ?? 10;
  const page = f.page ?? 0;
  const totalPages = Math.ceil(all.length / size);
  return {
    ids: all.slice(page * size, page * size + size).map((p) => p.id),
    meta: { currentPage: page, pageSize: size, totalItems: all.length, totalPages, hasNext: page + 1 < totalPages },
  };
}

function filterUrl(f: FilterCase): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, item);
    else q.set(k, String(v));
  }
  return `/api/members/filters?${q.toString()}`;
}

/** Builds one campus: the caller signs up through the API, everyone else is written directly. */
async function buildCampus(server: ApiServer, seed: number, size: number) {
  const { app, database } = server;
  const db = database.db;
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const [own] = await db.select({ id: universities.id }).from(universities).where(eq(universities.shortName, '가톨릭대'));
  // Each campus alone in its university: the reference knows exactly who is there.
  await db.delete(members).where(eq(members.universityId, own!.id));
  const session: Session = await newMember(app, email('catholic.ac.kr', `caller${seed}`));
  const [other] = await db.select({ id: universities.id }).from(universities).where(eq(universities.shortName, '이화여대'));
  const deptRows = await db
    .select({ id: departments.id, name: departments.name, collegeId: colleges.id, college: colleges.name, universityId: colleges.universityId })
    .from(departments)
    .innerJoin(colleges, eq(colleges.id, departments.collegeId));
  // Few departments and timestamps, so filters and ties really happen.
  const ownDepts = deptRows.filter((d) => d.universityId === own!.id).slice(0, 4);
  const otherDepts = deptRows.filter((d) => d.universityId === other!.id);
  const base = Date.now() - 10 * 24 * 3600_000;
  const stamps = Array.from({ length: 6 }, (_, i) => new Date(base + i * 3600_000));

  // The caller gets a definite profile too (written directly; sign-up already made it ACTIVE).
  const callerTime = randomMask(random, 8);
  const callerInterests = 0b0000_0111 & ~(1 << Math.floor(random() * 3)); // two of the first three interests
  await db.update(members).set({ timeMask: callerTime, interestMask: callerInterests }).where(eq(members.id, session.memberId));
  const [callerRow] = await db.select().from(members).where(eq(members.id, session.memberId));
  const callerDept = deptRows.find((d) => d.id === callerRow!.departmentId)!;
  const caller: Person = {
    id: session.memberId,
    university: 'own',
    status: 'ACTIVE',
    timeMask: callerTime,
    interestMask: callerInterests,
    hasKeyword: false,
    updatedAt: callerRow!.updatedAt,
    collegeId: callerDept.collegeId,
    college: callerDept.college,
    departmentId: callerDept.id,
    department: callerDept.name,
    admissionYear: callerRow!.admissionYear!,
    studentNo: callerRow!.studentNo!,
  };

  const people: Person[] = [caller];
  for (let i = 0; i < size; i++) {
    const university = random() < 0.15 ? 'other' : 'own';
    const dept = university === 'own' ? pick(ownDepts) : pick(otherDepts);
    const status = random() < 0.1 ? pick(['PENDING', 'DISABLED'] as const) : 'ACTIVE';
    const yy = pick([18, 19, 20, 21, 22, 23, 24, 25]);
    // Overlaps drawn near the caller's slots, so scores spread and collide.
    const timeMask = random() < 0.2 ? randomMask(random, 5) : (callerTime & randomMask(random, 30)) | randomMask(random, 3);
    const interestMask = random() < 0.1 ? 0 : randomInterestMask(random);
    const hasKeyword = random() < 0.6;
    const updatedAt = pick(stamps);
    const [row] = await db
      .insert(members)
      .values({
        email: email(university === 'own' ? 'catholic.ac.kr' : 'ewha.ac.kr', `r${seed}-${i}`),
        membername: `회원${i}`,
        studentNo: String(yy),
        admissionYear: 2000 + yy,
        universityId: university === 'own' ? own!.id : other!.id,
        collegeId: dept.collegeId,
        departmentId: dept.id,
        status,
        timeMask,
        interestMask,
        hasKeyword,
        createdAt: updatedAt,
        updatedAt,
      })
      .returning({ id: members.id });
    if (hasKeyword) {
      await db.insert(keywords).values([
        { memberId: row!.id, type: 'GOAL', title: `목표${i}`, description: '목표 설명' },
        { memberId: row!.id, type: 'EXPRESS', title: `표현${i}`, description: '표현 설명' },
        { memberId: row!.id, type: 'INTEREST', title: `관심${i}`, description: '관심 설명' },
      ]);
    }
    people.push({
      id: row!.id,
      university,
      status,
      timeMask,
      interestMask,
      hasKeyword,
      updatedAt,
      collegeId: dept.collegeId,
      college: dept.college,
      departmentId: dept.id,
      department: dept.name,
      admissionYear: 2000 + yy,
      studentNo: String(yy),
    });
  }

  // Matches between random pairs (never across universities), some with the caller.
  const ms: Match[] = [];
  const seen = new Set<string>();
  const ownPeople = people.filter((p) => p.university === 'own');
  // A few much-requested and very eager members, so the caps (5 received, 2 sent) really bind.
  const stars = [pick(ownPeople), pick(ownPeople), pick(ownPeople)];
  const eager = [pick(ownPeople), pick(ownPeople)];
  for (let i = 0; i < size * 2.5; i++) {
    const r = random();
    const a = r < 0.1 ? caller : r < 0.3 ? pick(eager) : pick(ownPeople);
    const b = random() < 0.35 ? pick(stars) : pick(ownPeople);
    const key = `${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`;
    if (a.id === b.id || seen.has(key)) continue;
    seen.add(key);
    ms.push({ requesterId: a.id, targetId: b.id, status: random() < 0.3 ? 'ACCEPTED' : 'REQUESTED' });
  }
  await db.insert(matches).values(ms);
  return { session, caller, people, ms, ownDepts };
}

function randomMask(random: () => number, bits: number): bigint {
  let mask = 0n;
  for (let i = 0; i < bits; i++) mask |= 1n << BigInt(Math.floor(random() * 50));
  return mask;
}

function randomInterestMask(random: () => number): number {
  let mask = 0;
  const n = 1 + Math.floor(random() * 3);
  while (popcount(mask) < n) mask |= 1 << Math.floor(random() * 8);
  return mask;
}

describeApi('ranking (contract section 9) against a reference implementation', (server) => {
  for (const seed of [11, 29, 47]) {
    describe(`campus #${seed}`, () => {
      let campus: Awaited<ReturnType<typeof buildCampus>>;
      beforeAll(async () => {
        campus = await buildCampus(server(), seed, 45);
      });

      it('recommendations: both overlaps > 0, 0.6·time + 0.4·interest, ties by recency, top 10', async () => {
        const expected = expectedRecommendations(campus.caller, campus.people, campus.ms);
        expect(expected.length).toBeGreaterThan(3);
        const res = await call(server().app, campus.session.token, 'GET', '/api/members/recommendations');
        expect(res.status).toBe(200);
        expect(res.body.result.map((c: { memberId: number }) => c.memberId)).toEqual(expected);
      });

      it('popular: interests, time, pending requests and keywords, capped as the contract says', async () => {
        const expected = expectedPopular(campus.caller, campus.people, campus.ms);
        const res = await call(server().app, campus.session.token, 'GET', '/api/members/popular');
        expect(res.body.result.map((c: { memberId: number }) => c.memberId)).toEqual(expected);
      });

      it('filters: every parameter, both sorts, every page', async () => {
        const { caller, people, ms, ownDepts, session } = campus;
        const cases: FilterCase[] = [
          {},
          { sort: 'recent' },
          { sort: 'recommend', size: 7 },
          { sort: 'recent', size: 4, page: 2 },
          { interest: 'EXCHANGE_STUDENT' },
          { interest: 'EMPLOYMENT_CAREER', sort: 'recent', size: 3 },
          { collegeId: ownDepts[0]!.collegeId },
          { college: ownDepts[1]!.college, sort: 'recent' },
          { department: [ownDepts[2]!.name] },
          { department: [ownDepts[0]!.name, ownDepts[3]!.name], size: 5 },
          { studentNo: '23' },
          { studentNo: '20학번이상' },
          { studentNo: '20학번 이상', sort: 'recent' },
          { interest: 'EXAM_PREPARATION', studentNo: '24', department: [ownDepts[1]!.name] },
          { page: 50 },
        ];
        let nonEmpty = 0;
        // Narrow pools are read by id, wide ones by walking the order's index: both ways, every case.
        const defaultByIdMax = filterTuning.byIdMax;
        const runs = cases.flatMap((f) => [defaultByIdMax, 0].map((byIdMax) => ({ f, byIdMax })));
        try {
          for (const { f, byIdMax } of runs) {
            filterTuning.byIdMax = byIdMax;
            const want = expectedFilter(caller, people, ms, f);
            if (want.meta.totalItems > 0) nonEmpty++;
            // Every page of the case, so paging never skips or repeats anyone.
            const lastPage = f.page ?? Math.max(0, want.meta.totalPages - 1);
            for (let page = f.page ?? 0; page <= lastPage; page++) {
              const pageCase = { ...f, page };
              const expected = expectedFilter(caller, people, ms, pageCase);
              const res = await call(server().app, session.token, 'GET', filterUrl(pageCase));
              expect(res.status, filterUrl(pageCase)).toBe(200);
              expect(
                res.body.result.data.map((c: { memberId: number }) => c.memberId),
                filterUrl(pageCase),
              ).toEqual(expected.ids);
              expect(res.body.result.meta, filterUrl(pageCase)).toEqual(expected.meta);
            }
          }
        } finally {
          filterTuning.byIdMax = defaultByIdMax;
        }
        // The campus is built so that nearly every case finds someone: the comparison is never vacuous.
        expect(nonEmpty).toBeGreaterThanOrEqual(2 * (cases.length - 3));
      });

      it('cards carry the member as the contract shapes it', async () => {
        const res = await call(server().app, campus.session.token, 'GET', '/api/members/filters?size=50');
        const cards = res.body.result.data as Record<string, unknown>[];
        expect(cards.length).toBeGreaterThan(0);
        for (const card of cards) {
          const person = campus.people.find((p) => p.id === card.memberId)!;
          expect(Object.keys(card).sort()).toEqual(['department', 'memberId', 'memberName', 'profileImageUrl', 'studentNo', 'userInterests', 'userKeywords']);
          expect(card.department).toBe(person.department);
          expect(card.studentNo).toBe(person.studentNo);
          expect(card.userInterests).toEqual(maskToInterests(person.interestMask));
          const kws = card.userKeywords as { type: string; title: string; description: string; id: number }[];
          // Question order (EXPRESS, GOAL, INTEREST), whatever order they were written in.
          expect(kws.map((k) => k.type)).toEqual(person.hasKeyword ? ['EXPRESS', 'GOAL', 'INTEREST'] : []);
        }
      });

      it('the counters the ranking reads agree with the matches table', async () => {
        const db = server().database.db;
        const rows = (await db.execute(sql`
          select m.id from members m
           where m.pending_received <> (select count(*) from matches x where x.target_id = m.id and x.status = 'REQUESTED')
              or m.pending_sent <> (select count(*) from matches x where x.requester_id = m.id and x.status = 'REQUESTED')
              or m.match_count <> (select count(*) from matches x where x.requester_id = m.id or x.target_id = m.id)`)) as unknown as { rows: unknown[] };
        expect(rows.rows).toEqual([]);
      });

      it('the ranking bitmaps, kept row by row by triggers, equal a rebuild from the members table', async () => {
        // Some writes through the API first, so incremental maintenance really ran.
        const { app } = server();
        await call(app, campus.session.token, 'PATCH', '/api/members/me/tags', { interestIds: [3, 4] });
        await call(app, campus.session.token, 'PATCH', '/api/timetables', { timeTableList: [{ dayOfWeek: 'FRI', startTime: '10:00', endTime: '13:00' }] });
        expect(await bitmapDrift(server())).toEqual([]);
      });
    });
  }

  describe('big tie groups', () => {
    it('hundreds of equal scores (a dense tie group) are broken by recency, then id, bulk-inserted or not', async () => {
      const s = server();
      const db = s.database.db;
      const [own] = await db.select({ id: universities.id }).from(universities).where(eq(universities.shortName, '가톨릭대'));
      await db.delete(members).where(eq(members.universityId, own!.id));
      const session = await newMember(s.app, email('catholic.ac.kr', 'tie'));
      const [me] = await db.select().from(members).where(eq(members.id, session.memberId));
      const random = rng(5);
      const base = Date.now() - 400 * 3600_000;
      const people: Person[] = [];
      // 150 one by one (incremental bitmap upkeep), then 600 in one statement (a rebuild).
      for (const [batch, count] of [
        [0, 150],
        [1, 600],
      ] as const) {
        const rows = Array.from({ length: count }, (_, i) => {
          // Hours apart, minutes apart inside an hour, and some exact duplicates.
          const updatedAt = new Date(base + Math.floor(random() * 300) * 3600_000 + (random() < 0.5 ? 0 : Math.floor(random() * 59) * 60_000));
          return {
            email: email('catholic.ac.kr', `tie${batch}-${i}`),
            membername: `동점${i}`,
            studentNo: '23',
            admissionYear: 2023,
            universityId: own!.id,
            collegeId: me!.collegeId,
            departmentId: me!.departmentId,
            status: 'ACTIVE',
            timeMask: me!.timeMask,
            interestMask: me!.interestMask,
            hasKeyword: false,
            createdAt: updatedAt,
            updatedAt,
          };
        });
        const inserted =
          batch === 0
            ? (await Promise.all(rows.map((r) => db.insert(members).values(r).returning({ id: members.id })))).flat()
            : await db.insert(members).values(rows).returning({ id: members.id });
        rows.forEach((r, i) =>
          people.push({
            id: inserted[i]!.id,
            university: 'own',
            status: 'ACTIVE',
            timeMask: r.timeMask,
            interestMask: r.interestMask,
            hasKeyword: false,
            updatedAt: r.updatedAt,
            collegeId: r.collegeId!,
            college: '',
            departmentId: r.departmentId!,
            department: '',
            admissionYear: 2023,
            studentNo: '23',
          }),
        );
      }
      const caller: Person = { ...people[0]!, id: session.memberId, updatedAt: me!.updatedAt };
      for (const [url, expected] of [
        ['/api/members/recommendations', expectedRecommendations(caller, people, [])],
        ['/api/members/popular', expectedPopular(caller, people, [])],
      ] as const) {
        const res = await call(s.app, session.token, 'GET', url);
        expect(
          res.body.result.map((c: { memberId: number }) => c.memberId),
          url,
        ).toEqual(expected);
      }
      expect(await bitmapDrift(s)).toEqual([]);
    });

    it('a mid-sized tie group in a big university is split by the hour slices, then by exact time', async () => {
      const s = server();
      const db = s.database.db;
      const [own] = await db.select({ id: universities.id }).from(universities).where(eq(universities.shortName, '가톨릭대'));
      await db.delete(members).where(eq(members.universityId, own!.id));
      const session = await newMember(s.app, email('catholic.ac.kr', 'mid'));
      const [me] = await db.select().from(members).where(eq(members.id, session.memberId));
      // 12,000 members who never finished sign-up make the bitmaps long (and the tie group sparse).
      await db.execute(sql`
        insert into members (email, university_id, status)
        select 'pending-' || g || '-' || ${session.memberId} || '@catholic.ac.kr', ${own!.id}, 'PENDING' from generate_series(1, 12000) g`);
      const random = rng(9);
      const base = Date.now() - 200 * 3600_000;
      const people: Person[] = [];
      for (let i = 0; i < 120; i++) {
        const updatedAt = new Date(base + Math.floor(random() * 150) * 3600_000 + Math.floor(random() * 4) * 60_000);
        const [row] = await db
          .insert(members)
          .values({
            email: email('catholic.ac.kr', `mid-${i}`),
            membername: `중간${i}`,
            studentNo: '23',
            admissionYear: 2023,
            universityId: own!.id,
            collegeId: me!.collegeId,
            departmentId: me!.departmentId,
            status: 'ACTIVE',
            timeMask: me!.timeMask,
            interestMask: me!.interestMask,
            createdAt: updatedAt,
            updatedAt,
          })
          .returning({ id: members.id });
        people.push({
          id: row!.id,
          university: 'own',
          status: 'ACTIVE',
          timeMask: me!.timeMask,
          interestMask: me!.interestMask,
          hasKeyword: false,
          updatedAt,
          collegeId: me!.collegeId!,
          college: '',
          departmentId: me!.departmentId!,
          department: '',
          admissionYear: 2023,
          studentNo: '23',
        });
      }
      const caller: Person = { ...people[0]!, id: session.memberId, updatedAt: me!.updatedAt };
      for (const [url, expected] of [
        ['/api/members/recommendations', expectedRecommendations(caller, people, [])],
        ['/api/members/popular', expectedPopular(caller, people, [])],
      ] as const) {
        const res = await call(s.app, session.token, 'GET', url);
        expect(
          res.body.result.map((c: { memberId: number }) => c.memberId),
          url,
        ).toEqual(expected);
      }
      const total = (await call(s.app, session.token, 'GET', '/api/members/filters?size=1')).body.result.meta.totalItems;
      expect(total).toBe(120);
      expect(await bitmapDrift(s)).toEqual([]);
    });
  });

  it('a profile change moves a member up the "recent" order at once', async () => {
    const { app } = server();
    const viewer = await newMember(app, email());
    const mover = await newMember(app, email());
    const before = await call(app, viewer.token, 'GET', '/api/members/filters?sort=recent&size=1');
    expect(before.body.result.data[0].memberId).toBe(mover.memberId);
    const third = await newMember(app, email());
    expect((await call(app, viewer.token, 'GET', '/api/members/filters?sort=recent&size=1')).body.result.data[0].memberId).toBe(third.memberId);
    await call(app, mover.token, 'PATCH', '/api/members/me/tags', { interestIds: [5] });
    expect((await call(app, viewer.token, 'GET', '/api/members/filters?sort=recent&size=1')).body.result.data[0].memberId).toBe(mover.memberId);
  });
});
