import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/envelope';
import { INTEREST_CODES } from '../../contract/interests';
import { CONTROL_CHARS_RE } from '../../contract/members';
import { call, describeApi, email, type ApiServer, type Reply } from './api-harness';
import { newMember, type Session } from './harness';

/**
 * Property-based hostile input: for every field and query parameter of the member API, values
 * that are invalid by construction (wrong type, out of range, too long, control characters,
 * injection-looking text, ids that are not the caller's to use). Every answer must be a 4xx in
 * the envelope with a contract code, never a 500, and nothing in the database may change.
 */

const RUNS = { numRuns: 40 };

// ---------- generators ----------

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\uD800',
  '\uFFFF',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '1e308',
  '0x1F',
  '9'.repeat(40),
  '__proto__',
  'constructor',
  "'; drop table members; --",
  '" or 1=1 --',
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '🍚'.repeat(300),
  'x'.repeat(5000),
);
const anyString = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 }), nasty);
/** Any JSON value but a string. */
const nonString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }),
);
const junk = fc.oneof(anyString, nonString);
/** Request bodies that are JSON but not an object. */
const nonObjectBody = fc.oneof(
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
);

const isIntIn = (v: unknown, min: number, max: number) => {
  if (typeof v !== 'string' || v.trim() === '') return false;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max;
};
/** Query values for an integer parameter that are not an integer in [min, max] (and not empty: empty means "not given"). */
const badIntParam = (min: number, max: number) =>
  fc
    .oneof(anyString, fc.integer({ min: -1e9, max: 1e9 }).map(String), fc.double({ noNaN: false }).map(String))
    .filter((v) => v.trim() !== '' && !isIntIn(v, min, max));
const badEnumParam = (allowed: readonly string[]) => anyString.filter((v) => v.trim() !== '' && !allowed.includes(v.trim()));

const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed();
const query = (params: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const item of Array.isArray(v) ? v : [v]) q.append(k, wellFormed(item));
  return q.toString();
};

const VALID_KEYWORDS = [
  { type: 'EXPRESS', title: '열정', description: '설명' },
  { type: 'GOAL', title: '목표', description: '설명' },
  { type: 'INTEREST', title: '독서', description: '설명' },
];
const VALID_SLOT = { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' };

// ---------- checks ----------

function expectRejected(res: Reply, label: string): void {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.body.isSuccess, label).toBe(false);
  const known = ERROR_CODES as Record<string, { status: number }>;
  expect(Object.keys(known), label).toContain(res.body.code);
  expect(known[res.body.code]!.status, label).toBe(res.status);
  expect(typeof res.body.message, label).toBe('string');
  // Never a stack trace or SQL in an answer.
  expect(res.raw.body, label).not.toMatch(/\bat \S+ \(|node_modules|syntax error|relation "|SELECT |INSERT /i);
}

async function snapshot(s: ApiServer, who: Session[]): Promise<string> {
  const views: unknown[] = [];
  for (const w of who) {
    for (const url of ['/api/members/me', '/api/members/mypage', '/api/members/keywords', '/api/notifications', '/api/mentor']) {
      views.push((await call(s.app, w.token, 'GET', url)).body);
    }
    for (const status of ['REQUESTED', 'RECEIVED', 'ACCEPTED']) views.push((await call(s.app, w.token, 'GET', `/api/matches?status=${status}`)).body);
  }
  const [tables] = (
    (await s.database.db.execute(sql`select
      (select count(*)::int from members) as members, (select max(updated_at)::text from members) as updated,
      (select string_agg(coalesce(fcm_token, '-') || ':' || coalesce(profile_image_url, '-'), ',' order by id) from members) as devices,
      (select count(*)::int from matches) as matches, (select count(*)::int from notifications) as notifications,
      (select count(*)::int from keywords) as keywords, (select count(*)::int from uploads) as uploads,
      (select count(*)::int from mentor_applications) as mentor`)) as unknown as { rows: unknown[] }
  ).rows;
  return JSON.stringify({ views, tables });
}

describeApi(
  'hostile input never gets past the edge',
  (server) => {
    let me: Session;
    let partner: Session;
    let foreign: Session;
    let before: string;

    beforeAll(async () => {
      const s = server();
      me = await newMember(s.app, email());
      partner = await newMember(s.app, email());
      foreign = await newMember(s.app, email('ewha.ac.kr'));
      await call(s.app, me.token, 'PATCH', '/api/members/keywords', { keywords: VALID_KEYWORDS });
      // Already requested: asking again is a MATCH_400, and there is nothing for `me` to accept.
      await call(s.app, me.token, 'POST', '/api/matches', { toMemberId: partner.memberId });
      before = await snapshot(s, [me, partner]);
    });

    const unchanged = async () => expect(await snapshot(server(), [me, partner])).toBe(before);

    describe('write endpoints', () => {
      it('PATCH /api/members/me/tags', async () => {
        const interestIds = fc.oneof(
          junk.filter((v) => !Array.isArray(v)),
          fc.constant([]),
          fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 4, maxLength: 8 }),
          fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 5 }).filter((a) => a.some((x) => x < 1 || x > 8)),
          fc.array(
            fc.oneof(
              anyString,
              fc.double().filter((d) => !Number.isInteger(d)),
              fc.constant(null),
              fc.boolean(),
            ),
            { minLength: 1, maxLength: 4 },
          ),
          fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 21, maxLength: 40 }),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              interestIds.map((v) => ({ interestIds: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'PATCH', '/api/members/me/tags', body), JSON.stringify(body));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('PATCH /api/members/keywords', async () => {
        const badTitle = fc.oneof(nonString, fc.constantFrom('', '   ', '여섯글자입니다', 'abcdef', 'a\u0000', 'x'.repeat(200)));
        const badDescription = fc.oneof(nonString, fc.constantFrom('', '   ', '가'.repeat(101), 'a\u0001b'));
        const badType = junk.filter((t) => !['EXPRESS', 'GOAL', 'INTEREST'].includes(t as string));
        const broken = fc
          .tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom('type', 'title', 'description'), fc.oneof(badType, badTitle, badDescription))
          .map(([i, field, value]) => VALID_KEYWORDS.map((k, j) => (j === i ? { ...k, [field]: value } : k)))
          // A bad value for `type` that happens to be fine for title and so on: keep only really broken lists.
          .filter((list) => list.some((k, j) => JSON.stringify(k) !== JSON.stringify(VALID_KEYWORDS[j])));
        const keywords = fc.oneof(
          junk.filter((v) => !Array.isArray(v)),
          fc.subarray(VALID_KEYWORDS, { maxLength: 2 }),
          fc.constantFrom([...VALID_KEYWORDS, VALID_KEYWORDS[0]], [VALID_KEYWORDS[0], VALID_KEYWORDS[0], VALID_KEYWORDS[2]]),
          fc.array(junk, { minLength: 3, maxLength: 3 }),
          broken.filter((list) => {
            // Invalid by an independent reading of the rules.
            const types = new Set(list.map((k) => k.type));
            return (
              types.size !== 3 ||
              list.some(
                (k) =>
                  typeof k.title !== 'string' ||
                  typeof k.description !== 'string' ||
                  k.title.trim() === '' ||
                  [...k.title.trim()].length > 5 ||
                  k.description.trim() === '' ||
                  [...k.description.trim()].length > 100 ||
                  CONTROL_CHARS_RE.test(k.title + k.description),
              )
            );
          }),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              keywords.map((v) => ({ keywords: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'PATCH', '/api/members/keywords', body), JSON.stringify(body).slice(0, 200));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('PATCH /api/timetables', async () => {
        const badTime = fc.oneof(
          nonString,
          anyString.filter((v) => !/^\d{2}:\d{2}(:\d{2})?$/.test(v)),
          fc.constantFrom('09:00', '20:00', '21:00', '25:00', '12:30', '12:59', '00:00', '99:99'),
        );
        const badSlot = fc.oneof(
          fc.record({ dayOfWeek: junk.filter((d) => !['MON', 'TUE', 'WED', 'THU', 'FRI'].includes(d as string)) }).map((p) => ({ ...VALID_SLOT, ...p })),
          fc.record({ startTime: badTime }).map((p) => ({ ...VALID_SLOT, ...p })),
          fc.record({ endTime: badTime.filter((t) => t !== '20:00') }).map((p) => ({ ...VALID_SLOT, ...p })),
          fc.record({ subjectName: fc.oneof(fc.integer(), fc.constant('x'.repeat(51))) }).map((p) => ({ ...VALID_SLOT, ...p })),
          fc.constantFrom({ ...VALID_SLOT, startTime: '13:00' }, { ...VALID_SLOT, endTime: '11:00' }),
          junk,
        );
        const list = fc.oneof(
          junk.filter((v) => !Array.isArray(v)),
          fc.constant([]),
          fc.tuple(fc.boolean(), badSlot).map(([withValid, bad]) => (withValid ? [VALID_SLOT, bad] : [bad])),
          fc.constant([VALID_SLOT, VALID_SLOT]),
          fc.constant([VALID_SLOT, { ...VALID_SLOT, startTime: '11:00', endTime: '14:00' }]),
          fc.array(fc.constant(VALID_SLOT), { minLength: 201, maxLength: 210 }),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              list.map((v) => ({ timeTableList: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'PATCH', '/api/timetables', body), JSON.stringify(body).slice(0, 200));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('PATCH /api/members/fcm-token', async () => {
        const token = fc.oneof(nonString, fc.constantFrom('', '   ', 'x'.repeat(4097), 'tok\u0000en', 'tok\u001fen'));
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              token.map((v) => ({ fcmToken: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'PATCH', '/api/members/fcm-token', body), JSON.stringify(body).slice(0, 120));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('PATCH /api/members/profile-image (never issued to this member)', async () => {
        const url = fc.oneof(
          junk,
          fc.webUrl(),
          fc.webUrl().map((u) => `${u}/files/profile/00000000-0000-0000-0000-000000000000.png`),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              url.map((v) => ({ profileImageUrl: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'PATCH', '/api/members/profile-image', body), JSON.stringify(body).slice(0, 120));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('POST /api/members/keywordAI', async () => {
        const description = fc.oneof(nonString, fc.constantFrom('', '   ', '\n\t', 'x'.repeat(10_001)));
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              description.map((v) => ({ description: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'POST', '/api/members/keywordAI', body), JSON.stringify(body).slice(0, 120));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('POST /api/matches (no one the caller may ask)', async () => {
        const id = fc.oneof(
          junk.filter((v) => !(typeof v === 'string' && /^\d{1,15}$/.test(v)) && typeof v !== 'number'),
          fc.integer({ min: -1e9, max: 0 }),
          fc.double().filter((d) => !Number.isInteger(d)),
          fc.integer({ min: 10_000_000, max: 2 ** 31 - 1 }),
          fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
          fc.constantFrom(me.memberId, partner.memberId, foreign.memberId, String(me.memberId), String(foreign.memberId)),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              id.map((v) => ({ toMemberId: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'POST', '/api/matches', body), JSON.stringify(body).slice(0, 120));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('PATCH /api/matches/accept/{otherMemberId} (nothing to accept)', async () => {
        const id = fc.oneof(
          anyString.filter((v) => v !== '' && !/^[\s/?#]*$/.test(v)),
          fc.integer({ min: -1e9, max: 1e12 }).map(String),
          fc.constantFrom(String(me.memberId), String(partner.memberId), String(foreign.memberId)),
        );
        await fc.assert(
          fc.asyncProperty(id, async (raw) => {
            const res = await call(server().app, me.token, 'PATCH', `/api/matches/accept/${encodeURIComponent(wellFormed(raw))}`);
            expectRejected(res, raw);
          }),
          RUNS,
        );
        await unchanged();
      });

      it('POST /api/aws/presigned-url', async () => {
        const fileName = fc.oneof(
          nonString,
          fc.constantFrom('', '   ', 'x'.repeat(201), 'a.exe', 'a.svg', 'a.html', 'a.heic', 'a\u0000.png', '.\u0007png'),
          fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s.replace(/\./g, '')}.php`),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              fileName.map((v) => ({ fileName: v })),
              nonObjectBody,
            ),
            async (body) => {
              expectRejected(await call(server().app, me.token, 'POST', '/api/aws/presigned-url', body), JSON.stringify(body).slice(0, 120));
            },
          ),
          RUNS,
        );
        await unchanged();
      });

      it('PUT /files/upload/… (forged URLs)', async () => {
        await fc.assert(
          fc.asyncProperty(anyString, anyString, anyString, fc.uint8Array({ maxLength: 64 }), async (name, expires, signature, bytes) => {
            const url = `/files/upload/profile/${encodeURIComponent(wellFormed(name || 'x'))}?${query({ member: String(me.memberId), expires, signature })}`;
            const res = await server().app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: Buffer.from(bytes) });
            const reply: Reply = { status: res.statusCode, body: res.json(), raw: res };
            expectRejected(reply, url);
          }),
          RUNS,
        );
        await unchanged();
      });

      it('POST /api/mentor/monthlyM', async () => {
        const badPhone = fc.oneof(
          nonString,
          anyString.filter((p) => !/^(01[016789]-\d{3,4}-\d{4}|01[016789]\d{7,8})$/.test(p.trim())),
        );
        const badQuestion = fc.oneof(nonString, fc.constantFrom('', '    ', '가'.repeat(501), 'q\u0000'));
        const body = fc.oneof(
          fc.record({ phone: badPhone, question: fc.constant('좋은 질문') }),
          fc.record({ phone: fc.constant('010-1234-5678'), question: badQuestion }),
          fc.record({ phone: badPhone, question: badQuestion }),
          nonObjectBody,
        );
        await fc.assert(
          fc.asyncProperty(body, async (b) => {
            expectRejected(await call(server().app, me.token, 'POST', '/api/mentor/monthlyM', b), JSON.stringify(b).slice(0, 120));
          }),
          RUNS,
        );
        await unchanged();
      });

      it('malformed JSON and wrong content types', async () => {
        const { app } = server();
        for (const [method, url] of [
          ['PATCH', '/api/members/me/tags'],
          ['PATCH', '/api/members/keywords'],
          ['PATCH', '/api/timetables'],
          ['PATCH', '/api/members/fcm-token'],
          ['PATCH', '/api/members/profile-image'],
          ['POST', '/api/members/keywordAI'],
          ['POST', '/api/matches'],
          ['POST', '/api/aws/presigned-url'],
          ['POST', '/api/mentor/monthlyM'],
        ] as const) {
          for (const [payload, type] of [
            ['{"a":', 'application/json'],
            ['{"__proto__":{"x":1}}', 'application/json'],
            ['', 'application/json'],
            ['a=1', 'text/plain'],
            ['<x/>', 'application/xml'],
          ] as const) {
            const res = await call(app, me.token, method, url, payload, { 'content-type': type });
            expectRejected(res, `${method} ${url} ${type} ${payload}`);
          }
          const big = await call(app, me.token, method, url, JSON.stringify({ x: 'y'.repeat(300 * 1024) }), { 'content-type': 'application/json' });
          expect([big.status, big.body.code]).toEqual([413, 'COMMON413']);
        }
        await unchanged();
      });
    });

    describe('read endpoints', () => {
      it('GET /api/members/filters', async () => {
        const param = fc.oneof(
          fc.record({ page: badIntParam(0, 100_000) }),
          fc.record({ size: badIntParam(1, 50) }),
          fc.record({ sort: badEnumParam(['recommend', 'recent']) }),
          fc.record({
            interest: badEnumParam(INTEREST_CODES),
          }),
          fc.record({ collegeId: badIntParam(1, 2 ** 31 - 1) }),
          fc.record({ studentNo: badEnumParam(['25', '24', '23', '22', '21', '20학번이상', '20학번 이상']) }),
          fc.record({ college: fc.oneof(fc.constant('가'.repeat(51)), fc.constantFrom('a\u0000b', 'x\u0007')) }),
          fc.record({
            department: fc.oneof(fc.constant('과'.repeat(51)), fc.constant('d\u0000'), fc.array(fc.constant('학과'), { minLength: 21, maxLength: 25 })),
          }),
          fc.record({ size: fc.array(fc.constantFrom('1', '2'), { minLength: 2, maxLength: 3 }) }),
        );
        await fc.assert(
          fc.asyncProperty(param, async (p) => {
            const url = `/api/members/filters?${query(p as Record<string, string>)}`;
            expectRejected(await call(server().app, me.token, 'GET', url), url);
          }),
          RUNS,
        );
      });

      it('GET /api/members/{id}', async () => {
        const id = fc.oneof(
          // A short run of digits is a real member's id (anyString found "1": a 200, rightly).
          anyString.filter(
            (v) =>
              v !== '' && !/^[\s/?#.]*$/.test(v) && !/^\d{1,7}$/.test(v) && !['me', 'mypage', 'recommendations', 'popular', 'filters', 'keywords'].includes(v),
          ),
          fc.integer({ min: 10_000_000, max: 2 ** 40 }).map(String),
          fc.integer({ min: -1e6, max: 0 }).map(String),
          fc.constant(String(foreign.memberId)),
        );
        await fc.assert(
          fc.asyncProperty(id, async (raw) => {
            expectRejected(await call(server().app, me.token, 'GET', `/api/members/${encodeURIComponent(wellFormed(raw))}`), raw);
          }),
          RUNS,
        );
      });

      it('GET /api/matches', async () => {
        const param = fc.oneof(
          fc.record({ status: badEnumParam(['REQUESTED', 'RECEIVED', 'ACCEPTED']) }),
          fc.record({ status: fc.constant('REQUESTED'), page: badIntParam(0, 100_000) }),
          fc.record({ status: fc.constant('RECEIVED'), size: badIntParam(1, 50) }),
          fc.record({ page: fc.constant('0') }),
        );
        await fc.assert(
          fc.asyncProperty(param, async (p) => {
            const url = `/api/matches?${query(p as Record<string, string>)}`;
            expectRejected(await call(server().app, me.token, 'GET', url), url);
          }),
          RUNS,
        );
      });

      it('GET /api/notifications', async () => {
        const param = fc.oneof(
          fc.record({ lastNotificationId: badIntParam(1, 2 ** 31 - 1) }),
          fc.record({ size: badIntParam(1, 50) }),
          fc.record({ lastNotificationId: badIntParam(1, 2 ** 31 - 1), size: badIntParam(1, 50) }),
        );
        await fc.assert(
          fc.asyncProperty(param, async (p) => {
            const url = `/api/notifications?${query(p as Record<string, string>)}`;
            expectRejected(await call(server().app, me.token, 'GET', url), url);
          }),
          RUNS,
        );
        await unchanged();
      });
    });
  },
  { RATE_LIMIT_MATCHES: '100000', RATE_LIMIT_KEYWORD_AI: '100000', RATE_LIMIT_UPLOADS: '100000' },
);
