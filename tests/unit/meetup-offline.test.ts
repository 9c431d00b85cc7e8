import 'fake-indexeddb/auto';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createStore, get } from 'idb-keyval';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meetupMutationKeys, registerMeetupMutations } from '../../src/entities/meetup';
import { clearAccessToken, setAccessToken } from '../../src/lib/auth';
import { persistKey, startQueryPersistence } from '../../src/lib/query-persistence';
import { makeJwt, ok } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meetup = (status: string) => ({
  meetupId: 5,
  matchId: 1,
  proposerId: 2,
  partnerId: 3,
  startsAt: '2026-11-25T03:00:00.000Z',
  endsAt: '2026-11-25T04:00:00.000Z',
  place: '학생식당',
  status,
  createdAt: '2026-11-24T03:00:00.000Z',
  myCheckin: null,
  partner: { id: 2, memberName: '김제안' },
  chatRoomId: 9,
});

describe('meetup answers made offline (contract section 14, same path as match requests)', () => {
  it('a confirm and a check-in made offline are persisted, survive a reload and are sent once when back', async () => {
    const store = createStore('meetup-offline-test', 'queries');
    const member = '41';
    setAccessToken(makeJwt(3600, member));
    const first = new QueryClient();
    registerMeetupMutations(first);
    const a = startQueryPersistence(first, { store, throttleMs: 10 });
    await a.ready;
    onlineManager.setOnline(false);
    const run = (key: readonly unknown[], variables: unknown) =>
      void first
        .getMutationCache()
        .build(first, { mutationKey: key })
        .execute(variables)
        .catch(() => undefined);
    run(meetupMutationKeys.confirm, 5);
    run(meetupMutationKeys.checkin, { meetupId: 6, met: true, compliments: ['KIND'] });
    await wait(50);
    const saved = await get<{ clientState: { mutations: { mutationKey: unknown[]; state: { isPaused: boolean } }[] } }>(persistKey(member), store);
    expect(saved?.clientState.mutations.map((m) => [m.mutationKey[1], m.state.isPaused])).toEqual([
      ['confirm', true],
      ['checkin', true],
    ]);
    a.stop();

    // The reload: a new client restores the paused answers; back online, each goes out once.
    const calls: string[] = [];
    server.use(
      mswHttp.patch(`${ORIGIN}/api/meetups/5/confirm`, () => {
        calls.push('confirm 5');
        return HttpResponse.json(ok(meetup('CONFIRMED')));
      }),
      mswHttp.post(`${ORIGIN}/api/meetups/6/checkin`, async ({ request }) => {
        calls.push(`checkin 6 ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(ok({ ...meetup('CONFIRMED'), meetupId: 6 }));
      }),
      mswHttp.get(`${ORIGIN}/api/notifications`, () => HttpResponse.json(ok({ notifications: [], lastNotificationId: null, hasNext: false, size: 20 }))),
    );
    const second = new QueryClient();
    registerMeetupMutations(second);
    second.mount();
    const b = startQueryPersistence(second, { store, throttleMs: 10 });
    await b.ready;
    onlineManager.setOnline(true);
    await wait(200);
    expect(calls).toEqual(['confirm 5', 'checkin 6 {"met":true,"compliments":["KIND"]}']);
    await wait(100);
    expect(calls).toHaveLength(2);
    b.stop();
    clearAccessToken();
  });
});
