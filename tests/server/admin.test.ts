import { parse as parseCsv } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENTOR_CONFIGS, mentorDateLabel } from '../../contract/mentor';
import { members, mentorApplications, universities } from '../../server/db/schema';
import { defuseCell, toCsv } from '../../server/modules/admin/csv';
import { mentorMonth } from '../../server/modules/mentor/routes';
import { call, describeApi, email, type ApiServer } from './api-harness';
import { newMember, signIn, type Session } from './harness';

const OPERATOR = 'ops.lead@umc.example';
const ENV = { ADMIN_EMAILS: ` Ops.Lead@UMC.example , second@umc.example` };

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), Buffer.alloc(64, 7)]);

async function universityId(s: ApiServer, shortName: string): Promise<number> {
  const [row] = await s.database.db.select({ id: universities.id }).from(universities).where(eq(universities.shortName, shortName));
  return row!.id;
}

const fifteenth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return mentorDateLabel(y, m, 15);
};

const sampleConfig = (bannerImage = '/images/mentor-kau.webp') => ({
  mentorName: '정하늘 멘토',
  mentorTitle: '가톨릭대 심리학과 졸업 · 상담 심리사',
  mentorSub: '진로 고민, 마음 편히 이야기해요',
  intro: ['첫 문단이에요.', '둘째 문단이에요.', '셋째 문단이에요.'],
  // A day of the month it is saved under, with its real weekday (this month's 15th).
  schedule: { date: fifteenth(mentorMonth()), time: '12:00 ~ 13:00', place: '학생회관 2층', capacity: 2 },
  bannerImage,
});

describe('CSV cells (contract section 16)', () => {
  it('defuses every formula start OWASP lists, and nothing else', () => {
    for (const hostile of ['=1+1', '+821012345678', '-2', '@SUM(A1)', '\t=1', '\r=1']) expect(defuseCell(hostile)).toBe(`'${hostile}`);
    for (const plain of ['김런치', 'a=b', '1-2', ' =x', '']) expect(defuseCell(plain)).toBe(plain);
  });

  it('writes RFC 4180 with a BOM that a strict parser reads back', () => {
    const text = toCsv(
      ['이름', '질문'],
      [
        ['a,"b"', 'line1\nline2'],
        [null, 3],
      ],
    );
    expect(text.startsWith('\uFEFF이름,질문\r\n')).toBe(true);
    expect(text).toContain('"a,""b""","line1\nline2"\r\n');
    expect(parseCsv(text, { bom: true, relax_quotes: false })).toEqual([
      ['이름', '질문'],
      ['a,"b"', 'line1\nline2'],
      ['', '3'],
    ]);
  });
});

describeApi(
  'operator console (contract section 16)',
  (server) => {
    let operator: Session;
    let student: Session;

    const asOperator = async () => (operator ??= await newMember(server().app, OPERATOR, { membername: '운영자' }));
    const asStudent = async () => (student ??= await newMember(server().app, email('catholic.ac.kr')));

    it('refuses every /api/admin route to a member who is not an operator, and to nobody signed in', async () => {
      const s = server();
      const me = await asStudent();
      const routes = s.app.registeredRoutes.filter((r) => r.url.startsWith('/api/admin') && ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'].includes(r.method));
      expect(routes.length).toBeGreaterThanOrEqual(10);
      for (const route of [...routes, { method: 'GET', url: '/api/admin/nothing-here' }]) {
        const url = route.url.replace(':id', '1').replace('*', 'x');
        const method = route.method as 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
        const body = method === 'GET' || method === 'DELETE' ? undefined : { action: 'SUSPEND' };
        const res = await call(s.app, me.token, method, url, body);
        expect([route.method, url, res.status, res.body]).toEqual([
          route.method,
          url,
          403,
          { isSuccess: false, code: 'ADMIN_403', message: '운영자만 사용할 수 있어요.' },
        ]);
        expect((await call(s.app, undefined, method, url, body)).status, url).toBe(401);
      }
    });

    it('knows operators by ADMIN_EMAILS, whatever the case', async () => {
      const s = server();
      const op = await asOperator();
      expect((await call(s.app, op.token, 'GET', '/api/admin/me')).body.result).toEqual({ operator: true, email: OPERATOR });
      const unis = (await call(s.app, op.token, 'GET', '/api/admin/universities')).body.result as { universityId: number; name: string }[];
      expect(unis.map((u) => u.name).sort()).toEqual(['UMC대', '가톨릭대', '이화여대', '한국항공대'].sort());
      expect((await call(s.app, op.token, 'GET', '/api/admin/nothing-here')).status).toBe(404);
    });

    it('edits the monthly mentor per university and month; students of that university see it, others the default', async () => {
      const s = server();
      const op = await asOperator();
      const catholic = await universityId(s, '가톨릭대');
      const month = mentorMonth();
      const before = await call(s.app, op.token, 'GET', `/api/admin/universities/${catholic}/mentor?month=${month}`);
      const { key: _key, ...builtIn } = MENTOR_CONFIGS.catholic;
      expect(before.body.result).toEqual({ ...builtIn, stored: false, updatedAt: null, universityId: catholic, month });

      // A banner goes through the ordinary upload flow (contract section 11).
      const issued = (await call(s.app, op.token, 'POST', '/api/aws/presigned-url', { fileName: 'banner.png' })).body.result as {
        presignedUrl: string;
        s3Url: string;
      };
      const target = new URL(issued.presignedUrl);
      const up = await s.app.inject({ method: 'PUT', url: `${target.pathname}${target.search}`, headers: { 'content-type': 'image/png' }, payload: PNG });
      expect(up.statusCode).toBe(200);

      const put = await call(s.app, op.token, 'PUT', `/api/admin/universities/${catholic}/mentor?month=${month}`, sampleConfig(issued.s3Url));
      expect([put.status, put.body.result]).toEqual([200, 'MENTOR_CONFIG_SAVE_SUCCESS']);
      const after = (await call(s.app, op.token, 'GET', `/api/admin/universities/${catholic}/mentor?month=${month}`)).body.result;
      expect(after).toMatchObject({ ...sampleConfig(issued.s3Url), stored: true });

      const me = await newMember(s.app, email('catholic.ac.kr'));
      const seen = (await call(s.app, me.token, 'GET', '/api/mentor')).body.result;
      expect(seen).toMatchObject({ ...sampleConfig(issued.s3Url), key: 'catholic', month, applied: false, applicants: 0 });
      const other = await newMember(s.app, email('ewha.ac.kr'));
      expect((await call(s.app, other.token, 'GET', '/api/mentor')).body.result).toMatchObject(MENTOR_CONFIGS.ewha);
      // Another month is untouched.
      const next = (await call(s.app, op.token, 'GET', `/api/admin/universities/${catholic}/mentor?month=2099-01`)).body.result;
      expect(next).toMatchObject({ mentorName: MENTOR_CONFIGS.catholic.mentorName, stored: false });

      // The stored capacity (2) caps this month's applications.
      const apply = { phone: '010-1234-5678', question: '질문이 있어요' };
      expect((await call(s.app, me.token, 'POST', '/api/mentor/monthlyM', apply)).status).toBe(200);
      const third = await newMember(s.app, email('catholic.ac.kr'));
      const fourth = await newMember(s.app, email('catholic.ac.kr'));
      expect((await call(s.app, third.token, 'POST', '/api/mentor/monthlyM', apply)).status).toBe(200);
      expect((await call(s.app, fourth.token, 'POST', '/api/mentor/monthlyM', apply)).body.code).toBe('MENTOR_409_FULL');
    });

    it('validates the mentor config like any input, in Korean', async () => {
      const s = server();
      const op = await asOperator();
      const kau = await universityId(s, '한국항공대');
      const url = `/api/admin/universities/${kau}/mentor?month=${mentorMonth()}`;
      const cases: [unknown, string][] = [
        [{ ...sampleConfig(), mentorName: '   ' }, 'mentorName'],
        [{ ...sampleConfig(), intro: ['하나', '둘'] }, 'intro'],
        [{ ...sampleConfig(), schedule: { ...sampleConfig().schedule, capacity: 0 } }, 'schedule.capacity'],
        [{ ...sampleConfig(), schedule: { ...sampleConfig().schedule, capacity: '5' } }, 'schedule.capacity'],
        [{ ...sampleConfig(), mentorSub: 'ㄱ'.repeat(101) }, 'mentorSub'],
        [{ ...sampleConfig(), bannerImage: 'https://evil.example/x.png' }, 'bannerImage'],
        [['not', 'an', 'object'], '_'],
      ];
      for (const [body, field] of cases) {
        const res = await call(s.app, op.token, 'PUT', url, body);
        expect([res.status, res.body.code], field).toEqual([400, 'COMMON400']);
        const fields = res.body.result as Record<string, string>;
        expect(
          Object.keys(fields).some((k) => k.startsWith(field)),
          `${field}: ${JSON.stringify(fields)}`,
        ).toBe(true);
        for (const message of Object.values(fields)) expect(message).toMatch(/[가-힣]/);
      }
      // Each message takes the particle its label's last syllable calls for (을/를, 은/는), not "을(를)".
      const fieldMessages = async (body: unknown) => (await call(s.app, op.token, 'PUT', url, body)).body.result as Record<string, string>;
      const config = sampleConfig();
      expect(
        await fieldMessages({
          ...config,
          mentorName: ' ',
          mentorTitle: '',
          mentorSub: 'ㄱ'.repeat(101),
          schedule: { ...config.schedule, date: '', time: '', place: 'ㄱ'.repeat(51) },
        }),
      ).toEqual({
        mentorName: '멘토 이름을 입력해 주세요.',
        mentorTitle: '멘토 소개 한 줄을 입력해 주세요.',
        mentorSub: '부제는 100자 이하로 입력해 주세요.',
        'schedule.date': '날짜를 입력해 주세요.',
        'schedule.time': '시간을 입력해 주세요.',
        'schedule.place': '장소는 50자 이하로 입력해 주세요.',
      });
      expect(await fieldMessages({ ...config, intro: ['', '둘째', 'ㄱ'.repeat(501)] })).toEqual({
        'intro.0': '소개 문단을 입력해 주세요.',
        'intro.2': '소개 문단은 500자 이하로 입력해 주세요.',
      });
      for (const bad of ['2026-13', '26-01', '', '2026-1']) {
        const res = await call(s.app, op.token, 'PUT', `/api/admin/universities/${kau}/mentor?month=${bad}`, sampleConfig());
        expect([res.status, res.body.code], bad).toEqual([400, 'COMMON400']);
      }
      expect((await call(s.app, op.token, 'PUT', '/api/admin/universities/999999/mentor?month=2026-10', sampleConfig())).status).toBe(404);
      expect((await call(s.app, op.token, 'GET', '/api/admin/universities/abc/mentor')).status).toBe(400);
    });

    it('refuses a session date outside the month or with the wrong weekday, in Korean, and adds a missing weekday', async () => {
      const s = server();
      const op = await asOperator();
      const kau = await universityId(s, '한국항공대');
      const url = `/api/admin/universities/${kau}/mentor?month=2026-09`;
      const put = (date: string) => call(s.app, op.token, 'PUT', url, { ...sampleConfig(), schedule: { ...sampleConfig().schedule, date } });
      for (const [date, message] of [
        // 8 September 2026 is a Tuesday: the old built-in "9월 8일 (목)" cannot be saved.
        ['9월 8일 (목)', '9월 8일은 화요일이에요. 요일을 확인해 주세요.'],
        ['10월 2일 (금)', '9월 멘토의 날짜는 9월 안에서 입력해 주세요.'],
        ['9월 31일', '9월에는 31일이 없어요.'],
        ['다음 주 화요일', '날짜는 9월 1일 (화)처럼 입력해 주세요.'],
      ]) {
        const res = await put(date!);
        expect([res.status, res.body.code, res.body.result], date).toEqual([400, 'COMMON400', { 'schedule.date': message }]);
      }
      expect((await call(s.app, op.token, 'GET', url)).body.result.stored).toBe(false);
      expect((await put('9월 8일')).status).toBe(200);
      expect((await call(s.app, op.token, 'GET', url)).body.result.schedule.date).toBe('9월 8일 (화)');
      expect((await put(' 9월 9일 (수) ')).status).toBe(200);
      expect((await call(s.app, op.token, 'GET', url)).body.result.schedule.date).toBe('9월 9일 (수)');
    });

    it('lists a month’s applications and hands them out as CSV a spreadsheet cannot be tricked by', async () => {
      const s = server();
      const op = await asOperator();
      const db = s.database.db;
      const ewha = await universityId(s, '이화여대');
      const hostile = [
        ['=HYPERLINK("http://evil.example","클릭")', '+821012345678', '질문, 쉼표와 "따옴표"'],
        ['@SUM(1+1)', '-3', '여러 줄\r\n질문\n입니다'],
        ['김런치', '\t=1+2', '한국어만 있는 질문이에요'],
      ] as const;
      // Stored instants (UTC) and phones (digits) → what the CSV says: Seoul wall-clock time, the
      // number as written, hyphens and all (a spreadsheet app would read the bare digits as a
      // number and drop the leading 0).
      const stored = [
        ['2026-05-28T10:30:29.090Z', '2026-05-28 19:30', '01012345678', '010-1234-5678'],
        ['2026-05-31T15:10:00.000Z', '2026-06-01 00:10', '0111234567', '011-123-4567'],
        ['2026-05-31T15:59:59.999Z', '2026-06-01 00:59', '01098765432', '010-9876-5432'],
      ] as const;
      const ids: number[] = [];
      for (const [i, [name, question, extra]] of hostile.entries()) {
        const m = await newMember(s.app, email('ewha.ac.kr'), { membername: '임시' });
        await db.update(members).set({ membername: name }).where(eq(members.id, m.memberId));
        await db.insert(mentorApplications).values({
          memberId: m.memberId,
          universityId: ewha,
          month: '2026-05',
          phone: stored[i]![2],
          question: `${question}${extra}`,
          createdAt: new Date(stored[i]![0]),
        });
        ids.push(m.memberId);
      }
      const json = await call(s.app, op.token, 'GET', `/api/admin/mentor-applications?universityId=${ewha}&month=2026-05`);
      const rows = json.body.result as {
        memberId: number;
        memberName: string;
        question: string;
        department: string;
        studentNo: string;
        phone: string;
        createdAt: string;
      }[];
      expect(rows.map((r) => r.memberId)).toEqual(ids);
      expect(rows[0]).toMatchObject({ memberName: hostile[0][0], question: `${hostile[0][1]}${hostile[0][2]}`, studentNo: '23' });
      expect(rows[0]!.department).toMatch(/[가-힣]/);
      // The JSON keeps the stored values (the table formats them itself).
      expect(rows.map((r) => [r.createdAt, r.phone])).toEqual(stored.map(([at, , phone]) => [at, phone]));

      const csv = await s.app.inject({
        url: `/api/admin/mentor-applications?universityId=${ewha}&month=2026-05&format=csv`,
        headers: { authorization: `Bearer ${op.token}` },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="mentor-applications-\d+-2026-05\.csv"$/);
      expect(csv.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      const parsed = parseCsv(csv.rawPayload.toString('utf8'), { bom: true }) as string[][];
      expect(parsed[0]).toEqual(['신청번호', '회원번호', '이름', '학과', '학번', '휴대폰', '질문', '신청 시각']);
      expect(parsed.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([
        [String(ids[0]), `'${hostile[0][0]}`, `'${hostile[0][1]}${hostile[0][2]}`],
        [String(ids[1]), `'${hostile[1][0]}`, `'${hostile[1][1]}${hostile[1][2]}`],
        [String(ids[2]), hostile[2][0], `'${hostile[2][1]}${hostile[2][2]}`],
      ]);
      expect(parsed.slice(1).map((r) => [r[5], r[7]])).toEqual(stored.map(([, seoul, , written]) => [written, seoul]));
      // Every data row ends with CRLF and has eight cells.
      expect(parsed.every((r) => r.length === 8)).toBe(true);
      expect(csv.rawPayload.toString('utf8').endsWith('\r\n')).toBe(true);

      const empty = await s.app.inject({
        url: `/api/admin/mentor-applications?universityId=${ewha}&month=2020-01&format=csv`,
        headers: { authorization: `Bearer ${op.token}` },
      });
      expect(parseCsv(empty.body, { bom: true })).toHaveLength(1);
      for (const q of [
        'universityId=abc&month=2026-05',
        `universityId=${ewha}&month=2026-5`,
        `universityId=${ewha}`,
        `universityId=${ewha}&month=2026-05&format=xlsx`,
      ]) {
        const res = await call(s.app, op.token, 'GET', `/api/admin/mentor-applications?${q}`);
        expect([res.status, res.body.code], q).toEqual([400, 'COMMON400']);
      }
    });

    it('counts each Seoul day by hand-computed fixtures, per university and for all', async () => {
      const s = server();
      const op = await asOperator();
      const db = s.database.db;
      const kau = await universityId(s, '한국항공대');
      const umc = await universityId(s, 'UMC대');
      // Members created at the edges of Seoul days (UTC+9): 2025-03-01 14:59:59Z is 23:59:59 on 3/1.
      const mk = async (uni: number, created: string) => {
        const [row] = await db
          .insert(members)
          .values({ email: email('stats.example'), universityId: uni, status: 'ACTIVE', membername: '통계', createdAt: new Date(created) })
          .returning({ id: members.id });
        return row!.id;
      };
      const a = await mk(kau, '2025-02-28T15:00:00Z'); // 3/1 00:00 Seoul
      const b = await mk(kau, '2025-03-01T14:59:59Z'); // 3/1 23:59:59 Seoul
      const c = await mk(kau, '2025-03-01T15:00:00Z'); // 3/2 00:00 Seoul
      const d = await mk(umc, '2025-03-01T03:00:00Z'); // 3/1, another university
      const e = await mk(umc, '2025-03-01T03:00:00Z');
      const at = (iso: string) => sql`${new Date(iso)}::timestamptz`;
      await db.execute(sql`insert into matches (requester_id, target_id, status, created_at, updated_at) values
        (${a}, ${b}, 'ACCEPTED', ${at('2025-03-01T01:00:00Z')}, ${at('2025-03-01T16:00:00Z')}),
        (${c}, ${a}, 'REQUESTED', ${at('2025-03-01T20:00:00Z')}, ${at('2025-03-01T20:00:00Z')}),
        (${d}, ${e}, 'ACCEPTED', ${at('2025-03-01T02:00:00Z')}, ${at('2025-03-01T02:30:00Z')})`);
      const [room] = (
        (await db.execute(
          sql`insert into chat_rooms (member_a, member_b, starter_id) values (${Math.min(a, b)}, ${Math.max(a, b)}, ${a}) returning id`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      const [room2] = (
        (await db.execute(
          sql`insert into chat_rooms (member_a, member_b, starter_id) values (${Math.min(d, e)}, ${Math.max(d, e)}, ${d}) returning id`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      await db.execute(sql`insert into chat_messages (room_id, sender_id, content, created_at) values
        (${room!.id}, ${a}, '안녕', ${at('2025-03-01T16:00:00Z')}),
        (${room!.id}, ${a}, '반가워', ${at('2025-03-01T16:01:00Z')}),
        (${room!.id}, ${b}, '응', ${at('2025-03-02T14:59:59Z')}),
        (${room!.id}, ${b}, '다음날', ${at('2025-03-02T15:00:00Z')}),
        (${room2!.id}, ${e}, '우리 학교', ${at('2025-03-01T05:00:00Z')})`);

      const stats = async (q: string) => {
        const res = await call(s.app, op.token, 'GET', `/api/admin/stats?${q}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.result as Record<string, number | string>[];
      };
      const zero = { meetupsConfirmed: 0, meetupsDone: 0 };
      // 한국항공대 only. 3/1: a, b sign up; a requests (a→b); nobody else acts. 3/2: c signs up;
      // c requests (c→a, 05:00 Seoul); b accepts a's request (01:00 Seoul); a sends 2, b sends 1.
      // 3/3: b sends 1.
      expect(await stats(`from=2025-02-28&to=2025-03-04&universityId=${kau}`)).toEqual([
        { date: '2025-02-28', signups: 0, activeMembers: 0, requests: 0, accepts: 0, messages: 0, ...zero },
        { date: '2025-03-01', signups: 2, activeMembers: 1, requests: 1, accepts: 0, messages: 0, ...zero },
        { date: '2025-03-02', signups: 1, activeMembers: 3, requests: 1, accepts: 1, messages: 3, ...zero },
        { date: '2025-03-03', signups: 0, activeMembers: 1, requests: 0, accepts: 0, messages: 1, ...zero },
        { date: '2025-03-04', signups: 0, activeMembers: 0, requests: 0, accepts: 0, messages: 0, ...zero },
      ]);
      // All universities: UMC대's d and e join on 3/1 (d requests, e accepts and sends one).
      const all = await stats('from=2025-03-01&to=2025-03-02');
      expect(all).toEqual([
        { date: '2025-03-01', signups: 4, activeMembers: 3, requests: 2, accepts: 1, messages: 1, ...zero },
        { date: '2025-03-02', signups: 1, activeMembers: 3, requests: 1, accepts: 1, messages: 3, ...zero },
      ]);
      expect(await stats('from=2025-03-01&to=2025-03-01')).toHaveLength(1);

      // Days that are over are kept as computed (decision 0015-admin-stats); today is counted live.
      await db.execute(
        sql`insert into chat_messages (room_id, sender_id, content, created_at) values (${room!.id}, ${a}, '늦게 온 과거', ${at('2025-03-02T03:00:00Z')})`,
      );
      expect((await stats(`from=2025-03-02&to=2025-03-02&universityId=${kau}`))[0]!.messages).toBe(3);
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      const before = (await stats(`from=${today}&to=${today}&universityId=${kau}`))[0]!;
      await db.execute(sql`insert into chat_messages (room_id, sender_id, content) values (${room!.id}, ${c}, '지금')`);
      const after = (await stats(`from=${today}&to=${today}&universityId=${kau}`))[0]!;
      expect([after.messages, after.activeMembers]).toEqual([Number(before.messages) + 1, Number(before.activeMembers) + 1]);
      expect(await stats('from=2024-01-01&to=2024-12-31')).toHaveLength(366);
    });

    it('counts meetups per Seoul day of their start, live: a status that changes after the day shows', async () => {
      const s = server();
      const op = await asOperator();
      const db = s.database.db;
      const kau = await universityId(s, '한국항공대');
      const umc = await universityId(s, 'UMC대');
      const mk = async (uni: number) => {
        const [row] = await db
          .insert(members)
          .values({ email: email('meetups.example'), universityId: uni, status: 'ACTIVE', membername: '약속', createdAt: new Date('2025-01-01T00:00:00Z') })
          .returning({ id: members.id });
        return row!.id;
      };
      const at = (iso: string) => sql`${new Date(iso)}::timestamptz`;
      const rows = async (query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: { id: number }[] };
      // Each meetup its own pair and match (a match has one open meetup at a time); the proposer's university counts.
      const meetup = async (uni: number, startsAt: string, status: string) => {
        const [x, y] = [await mk(uni), await mk(uni)];
        const matchId = (await rows(sql`insert into matches (requester_id, target_id, status) values (${x}, ${y}, 'ACCEPTED') returning id`)).rows[0]!.id;
        return (
          await rows(sql`insert into meetups (match_id, proposer_id, partner_id, starts_at, ends_at, place, status)
                         values (${matchId}, ${x}, ${y}, ${at(startsAt)}, ${at(startsAt)} + interval '1 hour', '학생식당', ${status}) returning id`)
        ).rows[0]!.id;
      };
      // Meetups start at the edges of Seoul days (UTC+9): 2025-04-01T14:59Z is 23:59 on 4/1, 15:00Z is 4/2.
      await meetup(kau, '2025-03-31T15:00:00Z', 'DONE'); // 4/1 00:00
      const late = await meetup(kau, '2025-04-01T14:59:00Z', 'CONFIRMED'); // 4/1 23:59
      await meetup(kau, '2025-04-01T03:00:00Z', 'CANCELLED'); // 4/1, not counted
      await meetup(kau, '2025-04-01T04:00:00Z', 'DECLINED'); // 4/1, not counted
      await meetup(kau, '2025-03-31T14:59:00Z', 'DONE'); // 3/31 23:59
      const next = await meetup(kau, '2025-04-01T15:00:00Z', 'CONFIRMED'); // 4/2 00:00
      await meetup(kau, '2025-04-02T03:00:00Z', 'PROPOSED'); // 4/2, not counted
      await meetup(umc, '2025-04-01T05:00:00Z', 'DONE'); // 4/1, UMC대

      const stats = async (q: string) => {
        const res = await call(s.app, op.token, 'GET', `/api/admin/stats?${q}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body.result as Record<string, number | string>[]).map((r) => [r.date, r.meetupsConfirmed, r.meetupsDone]);
      };
      expect(await stats(`from=2025-03-31&to=2025-04-03&universityId=${kau}`)).toEqual([
        ['2025-03-31', 1, 1],
        ['2025-04-01', 2, 1],
        ['2025-04-02', 1, 0],
        ['2025-04-03', 0, 0],
      ]);
      expect(await stats('from=2025-04-01&to=2025-04-02')).toEqual([
        ['2025-04-01', 3, 2],
        ['2025-04-02', 1, 0],
      ]);
      expect(await stats(`from=2025-04-01&to=2025-04-01&universityId=${umc}`)).toEqual([['2025-04-01', 1, 1]]);

      // Those days are frozen for the other counts now; the meetups still change after their day
      // (both check in: DONE) and the stats follow.
      await db.execute(sql`update meetups set status = 'DONE' where id = ${late}`);
      await db.execute(sql`update meetups set status = 'CANCELLED' where id = ${next}`);
      expect(await stats(`from=2025-04-01&to=2025-04-02&universityId=${kau}`)).toEqual([
        ['2025-04-01', 2, 2],
        ['2025-04-02', 0, 0],
      ]);
    });

    it('refuses stats ranges it should not compute', async () => {
      const s = server();
      const op = await asOperator();
      for (const q of [
        'from=2024-01-01&to=2025-01-01',
        'from=2025-03-02&to=2025-03-01',
        'from=2025-02-30&to=2025-03-01',
        'from=2025-03-01',
        'from=x&to=y',
        'from=2025-03-01&to=2025-03-02&universityId=0',
      ]) {
        const res = await call(s.app, op.token, 'GET', `/api/admin/stats?${q}`);
        expect([res.status, res.body.code], q).toEqual([400, 'COMMON400']);
        for (const message of Object.values(res.body.result as Record<string, string>)) expect(message).toMatch(/[가-힣]/);
      }
    });
  },
  ENV,
);

// Not an operator because of the e-mail: a member listed in ADMIN_EMAILS of another deployment is not one here.
describeApi('operator console without ADMIN_EMAILS', (server) => {
  it('has no operators at all', async () => {
    const s = server();
    const who = await signIn(s.app, OPERATOR);
    expect((await call(s.app, who.token, 'GET', '/api/admin/me')).body.code).toBe('ADMIN_403');
  });
});
