import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CAMPUS_PLACES_MAX } from '../../contract/admin';
import { DEFAULT_PLACES } from '../../server/seed/places';
import { call, describeApi, email, type ApiServer } from './api-harness';
import { newMember, type Session } from './harness';

const OPERATOR = 'places.ops@catholic.ac.kr';

async function rows<T>(s: ApiServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await s.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Two members of 가톨릭대 free every weekday hour, matched: the suggestions have slots to fill. */
async function matchedPair(s: ApiServer): Promise<{ a: Session; matchId: number; universityId: number }> {
  const free = ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((dayOfWeek) => ({ dayOfWeek, startTime: '10:00', endTime: '20:00', subjectName: '' }));
  const a = await newMember(s.app, email(), { membername: '김장소', timeTables: free });
  const b = await newMember(s.app, email(), { membername: '이장소', timeTables: free });
  await call(s.app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
  await call(s.app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
  const [match] = await rows<{ id: number; university_id: number }>(
    s,
    sql`select m.id, r.university_id from matches m join members r on r.id = m.requester_id where m.requester_id = ${a.memberId} and m.target_id = ${b.memberId}`,
  );
  return { a, matchId: match!.id, universityId: match!.university_id };
}

describeApi(
  'operator console: campus places (contract sections 14 and 16)',
  (server) => {
    it('shows the seeded places, replaces them in order, and the meetup suggestions use the new list', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const { a, matchId, universityId } = await matchedPair(s);

      const before = await call(s.app, op.token, 'GET', `/api/admin/universities/${universityId}/places`);
      expect(before.status, JSON.stringify(before.body)).toBe(200);
      expect(before.body.result).toEqual({ universityId, places: DEFAULT_PLACES.catholic });

      const places = ['  본관 앞 벤치 ', '학생식당', '성심관 카페'];
      const saved = await call(s.app, op.token, 'PUT', `/api/admin/universities/${universityId}/places`, { places });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.result).toEqual({ universityId, places: ['본관 앞 벤치', '학생식당', '성심관 카페'] });
      expect((await call(s.app, op.token, 'GET', `/api/admin/universities/${universityId}/places`)).body.result.places).toEqual([
        '본관 앞 벤치',
        '학생식당',
        '성심관 카페',
      ]);

      // Suggestions take their place from this list, in this order (section 14).
      const suggestions = await call(s.app, a.token, 'GET', `/api/matches/${matchId}/meetup-suggestions`);
      expect(suggestions.status, JSON.stringify(suggestions.body)).toBe(200);
      const used = (suggestions.body.result as { place: string }[]).map((x) => x.place);
      expect(used.length).toBeGreaterThan(0);
      expect(used[0]).toBe('본관 앞 벤치');
      for (const place of used) expect(['본관 앞 벤치', '학생식당', '성심관 카페']).toContain(place);

      // Another university's list is its own.
      const [other] = await rows<{ id: number }>(s, sql`select id from universities where id <> ${universityId} order by id limit 1`);
      const otherPlaces = (await call(s.app, op.token, 'GET', `/api/admin/universities/${other!.id}/places`)).body.result.places as string[];
      expect(otherPlaces).not.toContain('본관 앞 벤치');
    });

    it('refuses a bad list with Korean field messages and leaves the stored one as it was', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const [uni] = await rows<{ id: number }>(s, sql`select id from universities order by id limit 1`);
      const url = `/api/admin/universities/${uni!.id}/places`;
      const stored = (await call(s.app, op.token, 'GET', url)).body.result.places as string[];
      expect(stored.length).toBeGreaterThan(0);

      for (const body of [
        { places: [] },
        { places: ['학생식당', '학생식당'] },
        { places: ['학생식당', ' 학생식당 '] },
        { places: ['   '] },
        { places: ['가'.repeat(61)] },
        { places: ['식당\u202e'] },
        { places: Array.from({ length: CAMPUS_PLACES_MAX + 1 }, (_, i) => `장소 ${i + 1}`) },
        { places: '학생식당' },
        { places: [1] },
        {},
      ]) {
        const res = await call(s.app, op.token, 'PUT', url, body);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'COMMON400']);
        const messages = Object.values(res.body.result as Record<string, string>);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(message).toMatch(/[가-힣]/);
      }
      expect((await call(s.app, op.token, 'GET', url)).body.result.places).toEqual(stored);

      // The most it takes, each name at the meetup's place limit.
      const full = Array.from({ length: CAMPUS_PLACES_MAX }, (_, i) => `${String(i + 1).padStart(2, '0')}${'가'.repeat(58)}`);
      const ok = await call(s.app, op.token, 'PUT', url, { places: full });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.result.places).toEqual(full);
    });

    it('is for operators only, and names only universities that exist', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const student = await newMember(s.app, email(), { membername: '학생' });
      const [uni] = await rows<{ id: number }>(s, sql`select id from universities order by id limit 1`);
      const url = `/api/admin/universities/${uni!.id}/places`;
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { places: ['몰래 바꾼 장소'] }],
      ] as const) {
        const res = await call(s.app, student.token, method, url, body);
        expect([res.status, res.body.code]).toEqual([403, 'ADMIN_403']);
      }
      expect((await call(s.app, op.token, 'GET', url)).body.result.places).not.toContain('몰래 바꾼 장소');
      expect((await call(s.app, op.token, 'GET', '/api/admin/universities/99999999/places')).body.code).toBe('ADMIN_404');
      expect((await call(s.app, op.token, 'PUT', '/api/admin/universities/99999999/places', { places: ['학생식당'] })).body.code).toBe('ADMIN_404');
      expect((await call(s.app, op.token, 'GET', '/api/admin/universities/abc/places')).status).toBe(400);
    });
  },
  { ADMIN_EMAILS: OPERATOR },
);
