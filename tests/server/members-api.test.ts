import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIMETABLE_EMPTY_MESSAGE } from '../../contract/timetable-values';
import { members } from '../../server/db/schema';
import { call, describeApi, email, type ApiServer } from './api-harness';
import { newMember, signIn, type Session } from './harness';

const slot = (dayOfWeek: string, startTime: string, endTime: string, subjectName = '') => ({ dayOfWeek, startTime, endTime, subjectName });
const KEYWORDS = [
  { type: 'EXPRESS', title: '열정', description: '끝까지 해보는 편이에요.' },
  { type: 'GOAL', title: '취업', description: '올해 인턴십을 해보고 싶어요.' },
  { type: 'INTEREST', title: 'AI', description: '생성형 AI 공부 중이에요.' },
];

async function updatedAt(server: ApiServer, memberId: number): Promise<number> {
  const [row] = await server.database.db.select({ at: members.updatedAt }).from(members).where(eq(members.id, memberId));
  return row!.at.getTime();
}

/** Runs a write and checks it moved updated_at forward (ranking ties and the "recent" sort read it). */
async function bumps(server: ApiServer, memberId: number, write: () => Promise<unknown>): Promise<void> {
  const before = await updatedAt(server, memberId);
  await new Promise((r) => setTimeout(r, 5));
  await write();
  expect(await updatedAt(server, memberId)).toBeGreaterThan(before);
}

describeApi('members API (contract section 3)', (server) => {
  describe('GET /api/members/{id}', () => {
    it('shows another member of the same university, without their e-mail', async () => {
      const { app } = server();
      const viewer = await newMember(app, email());
      const other = await newMember(app, email(), { membername: '박점심', studentNo: '22' });
      await call(app, other.token, 'PATCH', '/api/members/keywords', { keywords: KEYWORDS });
      const res = await call(app, viewer.token, 'GET', `/api/members/${other.memberId}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.result).sort()).toEqual(
        [
          'college',
          'department',
          'id',
          'matchStatus',
          'memberName',
          'profileImageUrl',
          'studentNo',
          'timeTables',
          'university',
          'userInterests',
          'userKeywords',
        ].sort(),
      );
      expect(res.body.result).toMatchObject({
        id: other.memberId,
        memberName: '박점심',
        studentNo: '22',
        university: '가톨릭대',
        matchStatus: 'NONE',
        userInterests: ['EMPLOYMENT_CAREER', 'STARTUP'],
        timeTables: [slot('MON', '12:00', '13:00'), slot('WED', '13:00', '14:00')],
      });
      expect(res.body.result.userKeywords.map((k: { type: string; title: string }) => [k.type, k.title])).toEqual([
        ['EXPRESS', '열정'],
        ['GOAL', '취업'],
        ['INTEREST', 'AI'],
      ]);
      expect(res.raw.body).not.toContain('@');
      expect(res.raw.body).not.toContain(other.email.split('@')[0]);
    });

    it('matchStatus is seen from the caller: NONE, REQUESTED, RECEIVED, ACCEPTED', async () => {
      const { app } = server();
      const a = await newMember(app, email());
      const b = await newMember(app, email());
      const status = async (viewer: Session, of: Session) => (await call(app, viewer.token, 'GET', `/api/members/${of.memberId}`)).body.result.matchStatus;
      expect([await status(a, b), await status(b, a)]).toEqual(['NONE', 'NONE']);
      await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      expect([await status(a, b), await status(b, a)]).toEqual(['REQUESTED', 'RECEIVED']);
      await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      expect([await status(a, b), await status(b, a)]).toEqual(['ACCEPTED', 'ACCEPTED']);
      expect(await status(a, a)).toBe('NONE');
    });

    it('a member who only signed in (sign-up unfinished) cannot read the university’s members: 403 on every discovery endpoint', async () => {
      const { app } = server();
      const active = await newMember(app, email());
      const pending = await signIn(app, email());
      for (const url of [
        '/api/members/recommendations',
        '/api/members/popular',
        '/api/members/filters',
        '/api/members/filters?sort=recent&page=0',
        `/api/members/${active.memberId}`,
      ]) {
        const res = await call(app, pending.token, 'GET', url);
        expect([res.status, res.body.code], url).toEqual([403, 'AUTH_403_SIGNUP']);
        expect(JSON.stringify(res.body), url).not.toContain(String(active.email));
      }
      // Their own data stays readable (the sign-up screens need it).
      expect((await call(app, pending.token, 'GET', '/api/members/me')).status).toBe(200);
    });

    it('unknown, unfinished, disabled and other-university members are one and the same 404', async () => {
      const { app, database } = server();
      const viewer = await newMember(app, email());
      const pending = await signIn(app, email());
      const disabled = await newMember(app, email());
      await database.db.update(members).set({ status: 'DISABLED' }).where(eq(members.id, disabled.memberId));
      const foreign = await newMember(app, email('ewha.ac.kr'));
      const bodies = new Set<string>();
      for (const id of [pending.memberId, disabled.memberId, foreign.memberId, 987654, 2 ** 31, 99999999999]) {
        const res = await call(app, viewer.token, 'GET', `/api/members/${id}`);
        expect(res.status).toBe(404);
        bodies.add(JSON.stringify(res.body));
      }
      expect([...bodies]).toEqual([JSON.stringify({ isSuccess: false, code: 'USER_404', message: '회원을 찾을 수 없어요.' })]);
      for (const bad of ['abc', '-1', '1.5', '1e3', '%20']) {
        const res = await call(app, viewer.token, 'GET', `/api/members/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.code).toBe('COMMON400');
      }
    });
  });

  describe('PATCH /api/members/me/tags', () => {
    it('replaces the interests and bumps updated_at', async () => {
      const s = server();
      const m = await newMember(s.app, email());
      await bumps(s, m.memberId, async () => {
        const res = await call(s.app, m.token, 'PATCH', '/api/members/me/tags', { interestIds: [8, 1, 1] });
        expect(res.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: 'INTERESTS_UPDATE_SUCCESS' });
      });
      expect((await call(s.app, m.token, 'GET', '/api/members/me')).body.result.userInterests).toEqual(['EXCHANGE_STUDENT', 'SCHOOL_LIFE']);
    });

    it('rejects each rule with its code', async () => {
      const { app } = server();
      const m = await newMember(app, email());
      for (const [body, status, code] of [
        [{ interestIds: [] }, 400, 'USER_400_INTEREST'],
        [{ interestIds: [1, 2, 3, 4] }, 400, 'INTEREST_400'],
        [{ interestIds: [9] }, 404, 'USER_404_INTEREST'],
        [{ interestIds: [0, 1] }, 404, 'USER_404_INTEREST'],
        [{ interestIds: ['1'] }, 400, 'COMMON400'],
        [{ interestIds: [1.5] }, 400, 'COMMON400'],
        [{ interestIds: 1 }, 400, 'COMMON400'],
        [{}, 400, 'COMMON400'],
      ] as const) {
        const res = await call(app, m.token, 'PATCH', '/api/members/me/tags', body);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
        expect(res.body.isSuccess).toBe(false);
      }
      expect((await call(app, m.token, 'GET', '/api/members/me')).body.result.userInterests).toEqual(['EMPLOYMENT_CAREER', 'STARTUP']);
    });
  });

  describe('GET/PATCH /api/members/keywords', () => {
    it('stores exactly one keyword per type, replaces them in place, marks the member as having keywords', async () => {
      const s = server();
      const m = await newMember(s.app, email());
      expect((await call(s.app, m.token, 'GET', '/api/members/keywords')).body.result).toEqual([]);
      await bumps(s, m.memberId, async () => {
        const res = await call(s.app, m.token, 'PATCH', '/api/members/keywords', { keywords: [...KEYWORDS].reverse() });
        expect(res.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: 'KEYWORDS_UPDATE_SUCCESS' });
      });
      const first = (await call(s.app, m.token, 'GET', '/api/members/keywords')).body.result as {
        id: number;
        type: string;
        title: string;
        description: string;
      }[];
      expect(first.map(({ type, title, description }) => ({ type, title, description }))).toEqual(KEYWORDS);
      const [row] = await s.database.db.select({ hasKeyword: members.hasKeyword }).from(members).where(eq(members.id, m.memberId));
      expect(row!.hasKeyword).toBe(true);

      const changed = KEYWORDS.map((k) => ({ ...k, title: `${k.title}2`.slice(0, 5), description: ` ${k.description} ` }));
      await call(s.app, m.token, 'PATCH', '/api/members/keywords', { keywords: changed });
      const second = (await call(s.app, m.token, 'GET', '/api/members/keywords')).body.result as typeof first;
      expect(second.map((k) => k.id)).toEqual(first.map((k) => k.id));
      expect(second.map((k) => k.description)).toEqual(KEYWORDS.map((k) => k.description));
      expect((await call(s.app, m.token, 'GET', '/api/members/mypage')).body.result.keywords).toEqual(['열정2', '취업2', 'AI2']);
    });

    it('rejects each rule with its code and changes nothing', async () => {
      const { app } = server();
      const m = await newMember(app, email());
      await call(app, m.token, 'PATCH', '/api/members/keywords', { keywords: KEYWORDS });
      const [e, g, i] = KEYWORDS;
      for (const [keywords, code] of [
        [[{ ...e, type: undefined }, g, i], 'KEYWORD_400_TYPE_REQUIRED'],
        [[{ ...e, type: '' }, g, i], 'KEYWORD_400_TYPE_REQUIRED'],
        [[e, e, i], 'KEYWORD_400_DUPLICATE'],
        [[e, { ...g, description: '   ' }, i], 'KEYWORD_404_DESC_REQUIRED'],
        [[e, g, { ...i, description: undefined }], 'KEYWORD_404_DESC_REQUIRED'],
        [[{ ...e, title: '여섯글자이다' }, g, i], 'KEYWORD_400'],
        [[{ ...e, title: ' ' }, g, i], 'KEYWORD_400'],
        [[e, { ...g, description: '가'.repeat(101) }, i], 'KEYWORD_400'],
        [[e, g, { ...i, type: 'HOBBY' }], 'KEYWORD_400'],
        [[e, g], 'KEYWORD_400'],
        [[e, g, i, { ...e, type: 'GOAL' }], 'KEYWORD_400_DUPLICATE'],
        [[e, g, 'INTEREST'], 'KEYWORD_400'],
        ['EXPRESS', 'COMMON400'],
        [undefined, 'COMMON400'],
      ] as const) {
        const res = await call(app, m.token, 'PATCH', '/api/members/keywords', { keywords });
        expect([res.status, res.body.code], JSON.stringify(keywords)).toEqual([400, code]);
      }
      expect((await call(app, m.token, 'GET', '/api/members/keywords')).body.result.map((k: { title: string }) => k.title)).toEqual(['열정', '취업', 'AI']);
    });

    it('counts characters as people do (five Korean syllables or emoji fit)', async () => {
      const { app } = server();
      const m = await newMember(app, email());
      const keywords = [
        { type: 'EXPRESS', title: '다섯글자임', description: '설명' },
        { type: 'GOAL', title: '🍚🍜🍱🥗☕', description: '😀'.repeat(100) },
        { type: 'INTEREST', title: 'abcde', description: '가'.repeat(100) },
      ];
      expect((await call(app, m.token, 'PATCH', '/api/members/keywords', { keywords })).status).toBe(200);
    });
  });

  describe('PATCH /api/timetables', () => {
    it('replaces the whole timetable (multi-hour slots become hour cells) and bumps updated_at', async () => {
      const s = server();
      const m = await newMember(s.app, email());
      await bumps(s, m.memberId, async () => {
        const res = await call(s.app, m.token, 'PATCH', '/api/timetables', {
          timeTableList: [slot('FRI', '18:00:00', '20:00:00', '점심'), slot('TUE', '10:00', '11:00')],
        });
        expect(res.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: 'TIMETABLE_UPDATE_SUCCESS' });
      });
      expect((await call(s.app, m.token, 'GET', '/api/members/me')).body.result.timeTables).toEqual([
        slot('TUE', '10:00', '11:00'),
        slot('FRI', '18:00', '19:00'),
        slot('FRI', '19:00', '20:00'),
      ]);
    });

    it('rejects bad slots with TIMETABLE_400 and a bad shape with COMMON400', async () => {
      const { app } = server();
      const m = await newMember(app, email());
      for (const [list, code] of [
        [[], 'TIMETABLE_400'],
        [[slot('SAT', '12:00', '13:00')], 'TIMETABLE_400'],
        [[slot('MON', '09:00', '10:00')], 'TIMETABLE_400'],
        [[slot('MON', '19:00', '21:00')], 'TIMETABLE_400'],
        [[slot('MON', '13:00', '12:00')], 'TIMETABLE_400'],
        [[slot('MON', '12:00', '12:00')], 'TIMETABLE_400'],
        [[slot('MON', '12:30', '13:30')], 'TIMETABLE_400'],
        [[slot('MON', '12:00', '14:00'), slot('MON', '13:00', '14:00')], 'TIMETABLE_400'],
        [[{ dayOfWeek: 'MON' }], 'TIMETABLE_400'],
        [['MON 12:00'], 'TIMETABLE_400'],
        ['MON', 'COMMON400'],
        [undefined, 'COMMON400'],
      ] as const) {
        const res = await call(app, m.token, 'PATCH', '/api/timetables', { timeTableList: list });
        expect([res.status, res.body.code], JSON.stringify(list)).toEqual([400, code]);
      }
      // The field message 시간표 수정 shows before sending, so the device and the server say the same.
      const empty = await call(app, m.token, 'PATCH', '/api/timetables', { timeTableList: [] });
      expect(empty.body.result).toEqual({ timeTableList: TIMETABLE_EMPTY_MESSAGE });
      expect((await call(app, m.token, 'GET', '/api/members/me')).body.result.timeTables).toHaveLength(2);
    });
  });

  describe('PATCH /api/members/fcm-token', () => {
    it('answers FCM200 without a result; a token moves to whoever registered it last', async () => {
      const { app, database } = server();
      const a = await newMember(app, email());
      const b = await newMember(app, email());
      const res = await call(app, a.token, 'PATCH', '/api/members/fcm-token', { fcmToken: 'device-1' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isSuccess: true, code: 'FCM200', message: '알림 토큰이 저장되었어요.' });
      await call(app, b.token, 'PATCH', '/api/members/fcm-token', { fcmToken: 'device-1' });
      const rows = await database.db.select({ id: members.id, token: members.fcmToken }).from(members).where(eq(members.fcmToken, 'device-1'));
      expect(rows).toEqual([{ id: b.memberId, token: 'device-1' }]);
      for (const body of [{ fcmToken: '' }, { fcmToken: '   ' }, { fcmToken: 42 }, {}, { fcmToken: 'x'.repeat(4097) }, { fcmToken: 'a\u0000b' }]) {
        const bad = await call(app, a.token, 'PATCH', '/api/members/fcm-token', body);
        expect([bad.status, bad.body.code]).toEqual([400, 'COMMON400']);
      }
    });
  });

  describe('PATCH /api/members/profile-image', () => {
    it('accepts only a URL our storage issued to this member and received a file for', async () => {
      const s = server();
      const a = await newMember(s.app, email());
      const b = await newMember(s.app, email());
      const issued = (await call(s.app, a.token, 'POST', '/api/aws/presigned-url', { fileName: 'me.png' })).body.result;
      const reject = async (who: Session, url: unknown) => {
        const res = await call(s.app, who.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: url });
        expect(res.status).toBe(400);
        return res.body.code;
      };
      // Issued but the file never arrived.
      expect(await reject(a, issued.s3Url)).toBe('FILE_400');
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const put = await s.app.inject({ method: 'PUT', url: issued.presignedUrl, headers: { 'content-type': 'image/png' }, payload: png });
      expect(put.statusCode).toBe(200);
      // Someone else's upload, or any other address.
      expect(await reject(b, issued.s3Url)).toBe('FILE_400');
      expect(await reject(a, 'https://evil.example/me.png')).toBe('FILE_400');
      expect(await reject(a, `${issued.s3Url}?x=1`)).toBe('FILE_400');
      expect(await reject(a, 'not a url')).toBe('COMMON400');
      expect(await reject(a, null)).toBe('COMMON400');
      await bumps(s, a.memberId, async () => {
        const ok = await call(s.app, a.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: issued.s3Url });
        expect(ok.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: 'PROFILE_IMAGE_UPDATE_SUCCESS' });
      });
      expect((await call(s.app, a.token, 'GET', '/api/members/me')).body.result.profileImageUrl).toBe(issued.s3Url);
      expect((await call(s.app, b.token, 'GET', `/api/members/${a.memberId}`)).body.result.profileImageUrl).toBe(issued.s3Url);
    });
  });

  describe('GET /api/members/filters parameters', () => {
    it('ignores empty parameters, accepts both spellings of 20학번 이상, and rejects bad values with 400', async () => {
      const { app } = server();
      const m = await newMember(app, email());
      const ok = async (q: string) => {
        const res = await call(app, m.token, 'GET', `/api/members/filters?${q}`);
        expect(res.status, q).toBe(200);
        return res.body.result;
      };
      const all = await ok('');
      expect(await ok('interest=&collegeId=&college=&department=&studentNo=&sort=&page=&size=')).toEqual(all);
      expect(all.meta.pageSize).toBe(10);
      expect(await ok(`studentNo=${encodeURIComponent('20학번이상')}`)).toEqual(await ok(`studentNo=${encodeURIComponent('20학번 이상')}`));
      expect((await ok('size=50')).meta.pageSize).toBe(50);
      for (const q of [
        'size=0',
        'size=51',
        'size=-1',
        'size=abc',
        'size=1.5',
        'page=-1',
        'page=x',
        'sort=best',
        'interest=COOKING',
        'studentNo=19',
        'collegeId=abc',
        'collegeId=0',
        `college=${'가'.repeat(51)}`,
      ]) {
        const res = await call(app, m.token, 'GET', `/api/members/filters?${q}`);
        expect([res.status, res.body.code, res.body.isSuccess], q).toEqual([400, 'COMMON400', false]);
        expect(typeof res.body.result).toBe('object');
      }
    });
  });

  it('every member endpoint needs a valid bearer token', async () => {
    const { app } = server();
    for (const [method, url] of [
      ['GET', '/api/members/recommendations'],
      ['GET', '/api/members/popular'],
      ['GET', '/api/members/filters'],
      ['GET', '/api/members/1'],
      ['GET', '/api/members/keywords'],
      ['PATCH', '/api/members/keywords'],
      ['PATCH', '/api/members/me/tags'],
      ['POST', '/api/members/keywordAI'],
      ['PATCH', '/api/members/profile-image'],
      ['PATCH', '/api/members/fcm-token'],
      ['PATCH', '/api/timetables'],
      ['POST', '/api/matches'],
      ['GET', '/api/matches?status=REQUESTED'],
      ['PATCH', '/api/matches/accept/1'],
      ['GET', '/api/notifications'],
      ['POST', '/api/aws/presigned-url'],
      ['GET', '/api/mentor'],
      ['POST', '/api/mentor/monthlyM'],
    ] as const) {
      for (const token of [undefined, 'not-a-jwt']) {
        const res = await call(app, token, method, url, method === 'GET' ? undefined : {});
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.body.isSuccess).toBe(false);
        expect(['JWT_401', 'TOKEN_401_ACCESS_MALFORMED']).toContain(res.body.code);
      }
    }
  });
});
