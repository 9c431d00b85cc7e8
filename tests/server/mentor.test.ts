import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMentorDate, KOREAN_MOBILE_RE, MENTOR_CONFIGS, mentorDateLabel, universityKey } from '../../contract/mentor';
import { seoulParts } from '../../contract/seoul-time';
import { mentorApplications, mentorConfigs, universities } from '../../server/db/schema';
import { mentorMonth } from '../../server/modules/mentor/routes';
import { seedDemoMentors } from '../../server/seed/demo-mentors';
import { call, DB_KINDS, describeApi, email } from './api-harness';
import { newMember, startTestServerWith, type Session, type TestServer } from './harness';

const APPLY = { phone: '010-1234-5678', question: '첫 취업 준비는 언제부터 하면 좋을까요?' };

describe('mentor helpers', () => {
  it('picks the university key as spec section 4 says', () => {
    expect(universityKey('UMC대')).toBe('default');
    expect(universityKey('한국항공대')).toBe('kau');
    expect(universityKey('Korea Aerospace University')).toBe('kau');
    expect(universityKey('이화여대')).toBe('ewha');
    expect(universityKey('가톨릭대')).toBe('catholic');
    expect(universityKey('서울대')).toBe('default');
    expect(universityKey(null)).toBe('default');
    expect(universityKey('가톨릭대', 'ewha')).toBe('ewha');
    expect(universityKey('가톨릭대', 'nope')).toBe('catholic');
  });

  it('counts months in Korean time', () => {
    expect(mentorMonth(new Date('2026-08-31T15:30:00Z'))).toBe('2026-09');
    expect(mentorMonth(new Date('2026-08-31T14:59:00Z'))).toBe('2026-08');
  });

  it('accepts Korean mobile numbers only', () => {
    for (const ok of ['010-1234-5678', '01012345678', '011-123-4567', '0111234567']) expect(KOREAN_MOBILE_RE.test(ok), ok).toBe(true);
    for (const bad of ['010-12345678', '02-123-4567', '+82-10-1234-5678', '010 1234 5678', '0101234567890', '010-1234-567a', ''])
      expect(KOREAN_MOBILE_RE.test(bad), bad).toBe(false);
  });
});

describeApi('monthly mentor (contract section 13)', (server) => {
  it('with no mentor saved for this month, says it is being prepared and takes no application', async () => {
    const { app, database } = server();
    await database.db.delete(mentorConfigs);
    const m = await newMember(app, email());
    const info = await call(app, m.token, 'GET', '/api/mentor');
    expect(info.status).toBe(200);
    // Section 13's fields stay for existing clients; `configured: false` says none of them is a real session.
    expect(info.body.result).toMatchObject({ ...MENTOR_CONFIGS.catholic, configured: false, applied: false, applicants: 0 });
    const res = await call(app, m.token, 'POST', '/api/mentor/monthlyM', APPLY);
    expect([res.status, res.body]).toEqual([
      404,
      { isSuccess: false, code: 'MENTOR_404', message: '이번 달 멘토를 준비하고 있어요. 멘토가 정해지면 신청할 수 있어요.' },
    ]);
    expect(await database.db.select().from(mentorApplications).where(eq(mentorApplications.memberId, m.memberId))).toEqual([]);
  });

  it('the demo seed saves this month’s mentor at every university, on a date of this month with its real weekday', async () => {
    const { app, database } = server();
    await database.db.delete(mentorConfigs);
    // Saturday 28 November 2026 in Seoul: the last weekday of the month is Monday the 30th.
    await seedDemoMentors(database.db, new Date('2026-11-28T03:00:00Z'));
    const rows = await database.db.select().from(mentorConfigs);
    expect(rows.length).toBe(4);
    for (const row of rows) {
      expect(row.month).toBe('2026-11');
      expect(row.config.schedule.date).toBe('11월 30일 (월)');
    }
    // Seeding again keeps what is there (an operator's edit survives a restart).
    await database.db.update(mentorConfigs).set({ config: { ...rows[0]!.config, mentorName: '바뀐 멘토' } });
    await seedDemoMentors(database.db, new Date('2026-11-28T03:00:00Z'));
    expect((await database.db.select().from(mentorConfigs)).every((r) => r.config.mentorName === '바뀐 멘토')).toBe(true);

    await database.db.delete(mentorConfigs);
    await seedDemoMentors(database.db);
    const m = await newMember(app, email('kau.kr'));
    const r = (await call(app, m.token, 'GET', '/api/mentor')).body.result;
    expect(r).toMatchObject({ key: 'kau', mentorName: MENTOR_CONFIGS.kau.mentorName, configured: true, month: mentorMonth() });
    expect(checkMentorDate(r.schedule.date, mentorMonth())).toEqual({ date: r.schedule.date });
  });

  it('with nothing saved, still answers section 13’s fields with the spec’s built-in config per university', async () => {
    const { app, database } = server();
    await database.db.delete(mentorConfigs);
    const expectations = [
      ['catholic.ac.kr', 'catholic', 5, '중앙도서관 5층 스터디룸'],
      ['ewha.ac.kr', 'ewha', 5, '중앙도서관 5층 스터디룸'],
      ['kau.kr', 'kau', 5, '제3공학관 스터디룸'],
      ['gmail.com', 'default', 3, '제3공학관 스터디룸'],
    ] as const;
    for (const [domain, key, capacity, place] of expectations) {
      const m = await newMember(app, email(domain));
      const res = await call(app, m.token, 'GET', '/api/mentor');
      expect(res.status).toBe(200);
      const r = res.body.result;
      expect(r).toMatchObject({ key, bannerImage: `/images/mentor-${key}.webp`, month: mentorMonth(), applied: false, applicants: 0, configured: false });
      expect(r.schedule).toEqual({ date: '9월 8일 (목)', time: '12:30 ~ 13:20', place, capacity });
      for (const field of ['mentorName', 'mentorTitle', 'mentorSub']) expect(r[field]).toMatch(/[가-힣]/);
      expect(r.intro).toHaveLength(3);
    }
  });

  it('takes one application per member and month, then says so', async () => {
    const { app, database } = server();
    await seedDemoMentors(database.db);
    const m = await newMember(app, email());
    const res = await call(app, m.token, 'POST', '/api/mentor/monthlyM', APPLY);
    expect(res.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: 'MENTOR_APPLY_SUCCESS' });
    const again = await call(app, m.token, 'POST', '/api/mentor/monthlyM', { ...APPLY, phone: '01099998888' });
    expect([again.status, again.body]).toEqual([409, { isSuccess: false, code: 'MENTOR_409_DUPLICATE', message: '이번 달에 이미 신청했어요.' }]);
    const info = (await call(app, m.token, 'GET', '/api/mentor')).body;
    expect(info.result).toMatchObject({ applied: true, applicants: 1 });
    // The phone number is kept (digits only) and never shown back.
    expect(JSON.stringify(info)).not.toContain('5678');
    const rows = await database.db.select().from(mentorApplications).where(eq(mentorApplications.memberId, m.memberId));
    expect(rows.map((r) => [r.phone, r.question, r.month])).toEqual([['01012345678', APPLY.question, mentorMonth()]]);
  });

  it('closes at capacity, exactly, even when everyone applies at once', async () => {
    const { app, database } = server();
    await seedDemoMentors(database.db);
    // UMC대: 3 seats.
    const crowd: Session[] = [];
    for (let i = 0; i < 6; i++) crowd.push(await newMember(app, email('umc.example')));
    const results = await Promise.all(crowd.map((c) => call(app, c.token, 'POST', '/api/mentor/monthlyM', APPLY)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const full = results.filter((r) => r.status !== 200);
    expect(full.map((r) => [r.status, r.body.code])).toEqual([
      [409, 'MENTOR_409_FULL'],
      [409, 'MENTOR_409_FULL'],
      [409, 'MENTOR_409_FULL'],
    ]);
    expect((await call(app, crowd[0]!.token, 'GET', '/api/mentor')).body.result.applicants).toBe(3);
  });

  it('rejects bad phone numbers and questions with COMMON400 and field messages', async () => {
    const { app, database } = server();
    await seedDemoMentors(database.db);
    const m = await newMember(app, email());
    for (const body of [
      { ...APPLY, phone: '010-12345678' },
      { ...APPLY, phone: '02-123-4567' },
      { ...APPLY, phone: 1012345678 },
      { ...APPLY, phone: undefined },
      { ...APPLY, question: '' },
      { ...APPLY, question: '   ' },
      { ...APPLY, question: '가'.repeat(501) },
      { ...APPLY, question: 'a\u0000b' },
      { phone: APPLY.phone },
      ['apply'],
    ]) {
      const res = await call(app, m.token, 'POST', '/api/mentor/monthlyM', body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'COMMON400']);
      expect(typeof res.body.result).toBe('object');
    }
    expect((await call(app, m.token, 'POST', '/api/mentor/monthlyM', { ...APPLY, question: '가'.repeat(500) })).status).toBe(200);
  });
});

describe('the built-in mentor banners', () => {
  // Each campus's default bannerImage is a file the app ships (public/ → the server's static root);
  // a missing one is a 404 on every visit and the fallback instead of the banner.
  it.each(Object.values(MENTOR_CONFIGS))('$key: $bannerImage is a 16:9 WebP in public/', ({ bannerImage }) => {
    const file = readFileSync(path.join('public', bannerImage));
    expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // VP8X: the canvas's width and height minus one, 24-bit little-endian, at bytes 24 and 27.
    const width = file.readUIntLE(24, 3) + 1;
    const height = file.readUIntLE(27, 3) + 1;
    expect(width * 9).toBe(height * 16);
  });
});

/** Noon in Seoul on the 1st of the month `ahead` months after the one of `ms`. */
function monthsAhead(ms: number, ahead: number): number {
  const { year, month } = seoulParts(ms);
  return Date.UTC(year, month - 1 + ahead, 1, 3);
}

const OPERATOR = 'ops-mentor@catholic.ac.kr';

for (const kind of DB_KINDS) {
  describe(`the demo campus's mentor in a month the server runs into [${kind}]`, () => {
    // The clock of the mentor's month, moved as the days pass; the boot saw the month it started in.
    let clock = Date.now();
    let demo: TestServer;
    let real: TestServer;
    beforeAll(async () => {
      [demo, real] = await Promise.all([
        startTestServerWith(kind, { now: () => clock }, { DEMO_MEMBERS: '1', ADMIN_EMAILS: OPERATOR }),
        startTestServerWith(kind, { now: () => clock }, { ADMIN_EMAILS: OPERATOR }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([demo?.close(), real?.close()]);
    });

    const monthsSaved = async (s: TestServer, month: string) =>
      (
        await s.database.db
          .select({ key: universities.configKey })
          .from(mentorConfigs)
          .innerJoin(universities, eq(universities.id, mentorConfigs.universityId))
          .where(eq(mentorConfigs.month, month))
      )
        .map((r) => r.key)
        .sort();
    const idOf = async (s: TestServer, key: string) =>
      (await s.database.db.select({ id: universities.id }).from(universities).where(eq(universities.configKey, key)))[0]!.id;

    it('with the demo seed, the new month has its demo mentor at the first look, saved once however many ask at once', async () => {
      const { app, database } = demo;
      clock = Date.now();
      // What the boot did (server/index.ts with DEMO_MEMBERS).
      await seedDemoMentors(database.db, new Date(clock));
      const op = await newMember(app, OPERATOR, { membername: '운영자' });
      const students = await Promise.all([email(), email(), email(), email('kau.kr')].map((address) => newMember(app, address)));
      expect((await call(app, students[0]!.token, 'GET', '/api/mentor')).body.result).toMatchObject({ configured: true, month: mentorMonth(new Date(clock)) });

      // The server runs on into the next month.
      clock = monthsAhead(clock, 1);
      const next = mentorMonth(new Date(clock));
      expect(await monthsSaved(demo, next)).toEqual([]);
      const catholic = await idOf(demo, 'catholic');
      const answers = await Promise.all([
        ...students.map((s) => call(app, s.token, 'GET', '/api/mentor')),
        call(app, op.token, 'GET', `/api/admin/universities/${catholic}/mentor`),
      ]);
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [first, , , kau, admin] = answers.map((a) => a.body.result);
      expect(first).toMatchObject({ key: 'catholic', mentorName: MENTOR_CONFIGS.catholic.mentorName, configured: true, month: next });
      expect(checkMentorDate(first.schedule.date, next)).toEqual({ date: first.schedule.date });
      expect(kau).toMatchObject({ key: 'kau', configured: true, month: next });
      expect(admin).toMatchObject({ mentorName: MENTOR_CONFIGS.catholic.mentorName, stored: true, month: next, universityId: catholic });
      // Saved for the universities asked about, once each.
      expect(await monthsSaved(demo, next)).toEqual(['catholic', 'kau']);
      // Students can apply in the new month.
      expect((await call(app, students[1]!.token, 'POST', '/api/mentor/monthlyM', APPLY)).status).toBe(200);

      // An operator browsing a month ahead sees it unsaved: nothing is invented there.
      const later = mentorMonth(new Date(monthsAhead(clock, 1)));
      const ewha = await idOf(demo, 'ewha');
      const ahead = await call(app, op.token, 'GET', `/api/admin/universities/${ewha}/mentor?month=${later}`);
      expect(ahead.body.result).toMatchObject({ stored: false, month: later });
      expect(await monthsSaved(demo, later)).toEqual([]);

      // A month an operator saved ahead keeps their mentor when it comes.
      const [y, m] = later.split('-').map(Number) as [number, number];
      const saved = await call(app, op.token, 'PUT', `/api/admin/universities/${catholic}/mentor?month=${later}`, {
        mentorName: '운영자가 고른 멘토',
        mentorTitle: '가톨릭대 졸업',
        mentorSub: '무엇이든 물어보세요',
        intro: ['첫 문단이에요.', '둘째 문단이에요.', '셋째 문단이에요.'],
        schedule: { date: mentorDateLabel(y, m, 15), time: '12:00 ~ 13:00', place: '학생회관 2층', capacity: 2 },
        bannerImage: '/images/mentor-catholic.webp',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      clock = monthsAhead(clock, 1);
      expect((await call(app, students[0]!.token, 'GET', '/api/mentor')).body.result).toMatchObject({
        mentorName: '운영자가 고른 멘토',
        configured: true,
        month: later,
      });
      expect((await call(app, students[3]!.token, 'GET', '/api/mentor')).body.result).toMatchObject({ key: 'kau', configured: true, month: later });
    });

    it('without the demo seed (a real campus), a month nobody saved stays "being prepared" and nothing is saved', async () => {
      const { app } = real;
      clock = monthsAhead(Date.now(), 1);
      const next = mentorMonth(new Date(clock));
      const op = await newMember(app, OPERATOR, { membername: '운영자' });
      const student = await newMember(app, email());
      expect((await call(app, student.token, 'GET', '/api/mentor')).body.result).toMatchObject({ configured: false, month: next });
      expect((await call(app, op.token, 'GET', `/api/admin/universities/${await idOf(real, 'catholic')}/mentor`)).body.result).toMatchObject({
        stored: false,
        month: next,
      });
      expect((await call(app, student.token, 'POST', '/api/mentor/monthlyM', APPLY)).body.code).toBe('MENTOR_404');
      expect(await monthsSaved(real, next)).toEqual([]);
    });
  });
}
