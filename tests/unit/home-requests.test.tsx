import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { MENTOR_CONFIGS } from '../../contract/mentor';
import { clearAccessToken, setAccessToken } from '../../src/lib/auth';
import { persistKey } from '../../src/lib/query-persistence';
import { makeJwt, ok } from './support/helpers';
import { card, endedMeetup, meetupLists, ORIGIN, quietRest, renderApp, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';
import { openPersistedApp } from './support/persisted-app';

const ended = endedMeetup();
// Lunches had and answered, or called off: the past list holds every one of them.
const history: Meetup[] = Array.from({ length: 20 }, (_, i) => ({
  ...ended,
  meetupId: 100 + i,
  status: i % 2 ? 'CANCELLED' : 'DONE',
  myCheckin: i % 2 ? null : { met: true, compliments: [] },
  partner: { id: 200 + i, memberName: `지난친구${i}` },
}));

/** Every request the app sends, as `METHOD /path?query`. */
function recordRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return seen;
}

describe('home’s requests (decision 0061)', () => {
  beforeEach(() => {
    stubBrowser();
    server.use(
      meetupLists(() => ({ past: [ended, ...history] })),
      mswHttp.get(`${ORIGIN}/api/members/recommendations`, () => HttpResponse.json(ok([card(7, '이하늘')]))),
      mswHttp.get(`${ORIGIN}/api/members/popular`, () => HttpResponse.json(ok([card(8, '박서준')]))),
      mswHttp.get(`${ORIGIN}/api/mentor`, () => HttpResponse.json(ok(MENTOR_CONFIGS.catholic))),
      ...quietRest,
    );
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    clearAccessToken();
  });

  it('asks "이준호님과 만났나요?" from the one meetups request it makes (upcoming with the check-ins owed), not from the whole past list', async () => {
    const requests = recordRequests();
    renderApp('/');
    const section = await screen.findByRole('region', { name: '다가오는 약속' });
    expect(await within(section).findByRole('button', { name: /이준호님과 만났나요\?/ })).toBeInTheDocument();
    expect(await within(await screen.findByRole('region', { name: '이런 사람은 어때요?' })).findByRole('link', { name: /박서준/ })).toBeInTheDocument();
    // One request for meetups: no `scope=past`, and the screen does not ask again right after the loader did.
    expect(requests.filter((r) => r.includes('/api/meetups'))).toEqual(['GET /api/meetups?scope=upcoming&withPendingCheckins=true']);
    // Only the one still owed an answer.
    expect(within(section).queryByText(/지난친구/)).toBeNull();
  });

  it('seen once, home still asks it offline after a reload (the persisted cache)', async () => {
    const store = createStore('home-requests-test', 'queries');
    setAccessToken(makeJwt(3600, '71'));
    const first = await openPersistedApp(store, '/');
    expect(await screen.findByRole('button', { name: /이준호님과 만났나요\?/ })).toBeInTheDocument();
    await waitFor(async () => {
      const saved = await get<{ clientState: { queries: { queryKey: unknown[] }[] } }>(persistKey('71'), store);
      expect(saved?.clientState.queries.map((q) => q.queryKey.join('/'))).toContain('meetups/list/upcoming');
    });
    first.reload();

    // Offline: every request fails as it does without a network; what shows is the persisted cache's.
    act(() => onlineManager.setOnline(false));
    server.use(mswHttp.all(`${ORIGIN}/*`, () => HttpResponse.error()));
    await openPersistedApp(store, '/');
    const section = await screen.findByRole('region', { name: '다가오는 약속' });
    expect(await within(section).findByRole('button', { name: /이준호님과 만났나요\?/ })).toBeInTheDocument();
  });
});
