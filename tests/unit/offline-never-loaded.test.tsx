import 'fake-indexeddb/auto';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http as mswHttp, HttpResponse, ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meetupsQueryOptions } from '../../src/entities/meetup';
import { ok } from './support/helpers';
import { card, ORIGIN, quietRest, renderApp, stubBrowser, memberDetail } from './support/member-fixtures';
import { server } from './support/msw-server';

/*
 * A screen never opened before has nothing in the persisted cache. Opened offline, its query's
 * fetch fails and then waits for the network (paused): the screen showed its spinner forever. It
 * must say it cannot load offline instead, and load by itself once the network is back.
 */
const OFFLINE_TITLE = '오프라인이라 불러올 수 없어요';
const LOADING = '불러오는 중이에요';

let offline = false;
let client: QueryClient | undefined;

function open(path: string) {
  client = renderApp(path).queryClient;
}

/** Offline as the browser is: navigator.onLine, its events, and every request failing. */
function setNetwork(online: boolean) {
  offline = !online;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    onlineManager.setOnline(online);
  });
}

/** Used last (so in front of every other handler): offline, a request fails as the browser's do. */
const networkGate = mswHttp.all('*', () => (offline ? HttpResponse.error() : undefined));

const detail = memberDetail();

describe('a screen never opened before, opened offline', () => {
  beforeEach(() => {
    stubBrowser();
    server.use(...quietRest);
    // The app's STOMP socket connects and stays silent.
    server.use(ws.link(`${ORIGIN.replace(/^http/, 'ws')}/ws`).addEventListener('connection', () => undefined));
  });
  afterEach(async () => {
    // Nothing of this test may fetch once the next one is online.
    cleanup();
    await client?.cancelQueries();
    client?.clear();
    client = undefined;
    offline = false;
    onlineManager.setOnline(true);
  });

  it.each([
    '/profile/42',
    '/explore?interest=STARTUP',
    '/matching',
    '/my',
    '/my/profile',
    '/my/blocks',
    '/my/edit-tag',
    '/my/edit-keyword',
    '/my/edit-time',
    '/monthly-mentor',
    '/chatting',
    '/chatting/9',
    '/alarm',
    '/meetups',
    '/',
    '/admin',
  ])('%s says it cannot load offline instead of spinning', { timeout: 15_000 }, async (path) => {
    server.use(networkGate);
    setNetwork(false);
    open(path);
    expect((await screen.findAllByText(OFFLINE_TITLE))[0]).toBeInTheDocument();
    // Past the first attempt's failure, while the fetch waits for the network: still no spinner.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(screen.queryAllByRole('status', { name: LOADING })).toEqual([]);
    expect(screen.getAllByText(OFFLINE_TITLE)[0]).toBeInTheDocument();
  });

  it('a profile loads by itself once the network is back, without a reload', { timeout: 15_000 }, async () => {
    server.use(mswHttp.get(`${ORIGIN}/api/members/42`, () => HttpResponse.json(ok(detail))));
    server.use(networkGate);
    setNetwork(false);
    open('/profile/42');
    expect(await screen.findByText(OFFLINE_TITLE)).toBeInTheDocument();
    expect(screen.getByText('연결되면 바로 불러올게요.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '이하늘' })).toBeNull();

    setNetwork(true);
    expect(await screen.findByRole('heading', { name: '이하늘' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TITLE)).toBeNull();
  });

  it('explore: a category never loaded says so offline, the one seen still shows, and it loads once back online', { timeout: 15_000 }, async () => {
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/filters`, ({ request }) => {
        const interest = new URL(request.url).searchParams.get('interest');
        return HttpResponse.json(ok(interest === 'EXCHANGE_STUDENT' ? [card(7, '교환가는')] : [card(8, '전체에서')]));
      }),
    );
    server.use(networkGate);
    open('/explore');
    expect(await screen.findByText('전체에서')).toBeInTheDocument();

    setNetwork(false);
    fireEvent.click(within(screen.getByRole('group', { name: '관심사 카테고리' })).getByRole('button', { name: '교환학생' }));
    expect(await screen.findByText(OFFLINE_TITLE)).toBeInTheDocument();
    // The categories stay usable: back to the one seen, its cards show from the cache.
    fireEvent.click(within(screen.getByRole('group', { name: '관심사 카테고리' })).getByRole('button', { name: '전체' }));
    expect(await screen.findByText('전체에서')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('group', { name: '관심사 카테고리' })).getByRole('button', { name: '교환학생' }));
    expect(await screen.findByText(OFFLINE_TITLE)).toBeInTheDocument();

    setNetwork(true);
    expect(await screen.findByText('교환가는')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TITLE)).toBeNull();
  });

  it('home says it once for the screen: the first section that cannot load, the next one once that one has loaded', { timeout: 15_000 }, async () => {
    server.use(networkGate);
    setNetwork(false);
    open('/');
    // The sliders are built one per frame after the first paint: wait for the last one, then past the first failure.
    await screen.findByRole('heading', { name: '이런 사람은 어때요?' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    const lines = screen.getAllByText(OFFLINE_TITLE);
    expect(lines).toHaveLength(1);
    const meetups = screen.getByRole('region', { name: '다가오는 약속' });
    expect(meetups).toContainElement(lines[0]!);

    // 다가오는 약속 has its answer (here: put in the cache); the recommendations slider, still waiting, says it now.
    act(() => {
      client!.setQueryData(meetupsQueryOptions('upcoming').queryKey, []);
    });
    const recommendations = screen.getByRole('region', { name: '시간표와 관심사가 겹쳐요' });
    await waitFor(() => expect(within(recommendations).getByText(OFFLINE_TITLE)).toBeInTheDocument());
    expect(screen.getAllByText(OFFLINE_TITLE)).toHaveLength(1);
    expect(within(meetups).queryByText(OFFLINE_TITLE)).toBeNull();
  });

  it('내 약속 says it once, under 다가오는 약속, not again under 지난 약속', { timeout: 15_000 }, async () => {
    server.use(networkGate);
    setNetwork(false);
    open('/meetups');
    await screen.findByText(OFFLINE_TITLE);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(screen.getAllByText(OFFLINE_TITLE)).toHaveLength(1);
  });

  it('online, a first load still shows the spinner, not the offline state', async () => {
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/42`, async () => {
        await delay(400);
        return HttpResponse.json(ok(detail));
      }),
    );
    open('/profile/42');
    expect(await screen.findByRole('status', { name: LOADING })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TITLE)).toBeNull();
    expect(await screen.findByRole('heading', { name: '이하늘' })).toBeInTheDocument();
  });
});
