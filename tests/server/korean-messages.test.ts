import { expect, it } from 'vitest';
import { call, email } from './api-harness';
import { describeEachDatabase, newMember } from './harness';

const HANGUL = /[가-힣]/;
/** zod's English defaults, as they reached users before ("Invalid input: expected string, received undefined"). */
const ENGLISH = /Invalid|expected |received |Required|Too (big|small)|must (be|have|contain)|Unrecognized/;

/** Wrong-typed and missing values for bodies, queries and path parameters. */
const BODIES: unknown[] = [
  {},
  { a: 1 },
  [],
  'x',
  42,
  null,
  {
    membername: 1,
    studentNo: [],
    keywords: 'x',
    interestIds: 'x',
    timeTableList: {},
    toMemberId: 'x',
    fileName: 7,
    profileImageUrl: 5,
    fcmToken: 1,
    description: 9,
    phone: 1,
    question: 2,
    content: 3,
  },
];
const QUERY = '?page=x&size=-1&sort=zz&interest=NOPE&collegeId=x&studentNo=99&cursor=%00&month=13';

describeEachDatabase('every field message is Korean (contract section 1)', (server) => {
  it('walks every registered /api and /auth route with wrong and missing input: each 4xx message and field message is Korean', async () => {
    const { app } = server();
    const me = await newMember(app, email());
    const routes = app.registeredRoutes.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/auth/'));
    expect(routes.length).toBeGreaterThan(25);
    let checked = 0;
    for (const { method, url } of routes) {
      for (const param of ['x', '-1', '99999999999']) {
        const path = url.replace(/:[^/]+/g, param);
        const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
        for (const body of bodies) {
          const res = await call(app, me.token, method as 'GET', `${path}${QUERY}`, body);
          if (res.status < 400 || res.status >= 500 || res.body.code === '(not json)') {
            expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
            continue;
          }
          checked += 1;
          const where = `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`;
          expect(res.body.message, where).toMatch(HANGUL);
          const fields = res.body.result && typeof res.body.result === 'object' ? Object.values(res.body.result as Record<string, unknown>) : [];
          for (const message of fields) {
            expect(typeof message === 'string' && HANGUL.test(message), where).toBe(true);
            expect(String(message), where).not.toMatch(ENGLISH);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
