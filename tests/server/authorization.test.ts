import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { colleges, matches, members, universities } from '../../server/db/schema';
import { call, describeApi, email } from './api-harness';
import { newMember, type Session } from './harness';

const SAME_SLOTS = [
  { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' },
  { dayOfWeek: 'WED', startTime: '13:00', endTime: '14:00', subjectName: '' },
];

describeApi('authorisation: a member sees only their own university, and only their own data', (server) => {
  it('another university’s members are invisible everywhere, even as perfect matches', async () => {
    const { app } = server();
    const me = await newMember(app, email('catholic.ac.kr'));
    const neighbour = await newMember(app, email('catholic.ac.kr'));
    // Same interests and time slots as `me`: they would top every list if they were visible.
    const strangers: Session[] = [];
    for (const domain of ['ewha.ac.kr', 'kau.kr', 'gmail.com']) strangers.push(await newMember(app, email(domain), { timeTables: SAME_SLOTS }));
    const ids = (list: { memberId: number }[]) => list.map((c) => c.memberId);

    const rec = (await call(app, me.token, 'GET', '/api/members/recommendations')).body.result;
    const pop = (await call(app, me.token, 'GET', '/api/members/popular')).body.result;
    const all = (await call(app, me.token, 'GET', '/api/members/filters?size=50')).body.result;
    expect(ids(rec)).toContain(neighbour.memberId);
    expect(ids(pop)).toContain(neighbour.memberId);
    expect(ids(all.data)).toContain(neighbour.memberId);
    for (const stranger of strangers) {
      expect(ids(rec)).not.toContain(stranger.memberId);
      expect(ids(pop)).not.toContain(stranger.memberId);
      expect(ids(all.data)).not.toContain(stranger.memberId);
      const detail = await call(app, me.token, 'GET', `/api/members/${stranger.memberId}`);
      expect([detail.status, detail.body.code]).toEqual([404, 'USER_404']);
      const request = await call(app, me.token, 'POST', '/api/matches', { toMemberId: stranger.memberId });
      expect([request.status, request.body.code]).toEqual([404, 'USER_404']);
      const back = await call(app, stranger.token, 'POST', '/api/matches', { toMemberId: me.memberId });
      expect([back.status, back.body.code]).toEqual([404, 'USER_404']);
    }
    // Nothing was created by those attempts.
    expect((await call(app, me.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ requested: 0, received: 0, completed: 0 });
    expect((await call(app, me.token, 'GET', '/api/notifications')).body.result.notifications).toEqual([]);
  });

  it('filters by another university’s college or department find nobody', async () => {
    const { app, database } = server();
    const me = await newMember(app, email('catholic.ac.kr'));
    const stranger = await newMember(app, email('ewha.ac.kr'));
    const [ewha] = await database.db.select({ id: universities.id }).from(universities).where(eq(universities.shortName, '이화여대'));
    const [ewhaCollege] = await database.db.select({ id: colleges.id, name: colleges.name }).from(colleges).where(eq(colleges.universityId, ewha!.id));
    const detail = (await call(app, stranger.token, 'GET', `/api/members/${stranger.memberId}`)).body.result;
    for (const q of [
      `collegeId=${ewhaCollege!.id}`,
      `college=${encodeURIComponent(ewhaCollege!.name)}`,
      `department=${encodeURIComponent(detail.department)}&college=${encodeURIComponent(detail.college)}`,
    ]) {
      const res = await call(app, me.token, 'GET', `/api/members/filters?${q}`);
      expect(res.status).toBe(200);
      expect(res.body.result.data.map((c: { memberId: number }) => c.memberId)).not.toContain(stranger.memberId);
    }
  });

  it('a forged id in a path never reads or changes someone else’s match', async () => {
    const { app, database } = server();
    const a = await newMember(app, email());
    const b = await newMember(app, email());
    const intruder = await newMember(app, email());
    await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
    // The intruder "accepts" a's request (which was sent to b), by every id there is.
    for (const id of [a.memberId, b.memberId, intruder.memberId]) {
      const res = await call(app, intruder.token, 'PATCH', `/api/matches/accept/${id}`);
      expect([res.status, res.body.code]).toEqual([404, 'MATCH_404']);
    }
    const [row] = await database.db.select({ status: matches.status }).from(matches).where(eq(matches.requesterId, a.memberId));
    expect(row!.status).toBe('REQUESTED');
    for (const status of ['REQUESTED', 'RECEIVED', 'ACCEPTED']) {
      expect((await call(app, intruder.token, 'GET', `/api/matches?status=${status}`)).body.result.data).toEqual([]);
    }
    expect((await call(app, intruder.token, 'GET', '/api/notifications')).body.result.notifications).toEqual([]);
    // And b still gets to accept it.
    expect((await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`)).status).toBe(200);
  });

  it('no member-facing answer ever carries an e-mail address', async () => {
    const { app } = server();
    const a = await newMember(app, email());
    const b = await newMember(app, email());
    await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
    for (const [who, url] of [
      [a, '/api/members/recommendations'],
      [a, '/api/members/popular'],
      [a, '/api/members/filters?size=50'],
      [a, `/api/members/${b.memberId}`],
      [a, '/api/matches?status=REQUESTED'],
      [b, '/api/matches?status=RECEIVED'],
      [b, '/api/notifications'],
      [a, '/api/members/me'],
      [a, '/api/members/mypage'],
    ] as const) {
      const res = await call(app, who.token, 'GET', url);
      expect(res.status, url).toBe(200);
      expect(res.raw.body, url).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });

  it('a disabled member cannot act, and is not shown', async () => {
    const { app, database } = server();
    const a = await newMember(app, email());
    const b = await newMember(app, email());
    await database.db.update(members).set({ status: 'DISABLED' }).where(eq(members.id, b.memberId));
    const res = await call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId });
    expect([res.status, res.body.code]).toEqual([403, 'AUTH_403_DISABLED']);
    const list = (await call(app, a.token, 'GET', '/api/members/filters?size=50')).body.result.data;
    expect(list.map((c: { memberId: number }) => c.memberId)).not.toContain(b.memberId);
  });
});
