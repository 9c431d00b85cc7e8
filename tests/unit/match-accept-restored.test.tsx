import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore, get, type UseStore } from 'idb-keyval';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAccessToken, setAccessToken } from '../../src/lib/auth';
import { persistKey } from '../../src/lib/query-persistence';
import { makeJwt, ok } from './support/helpers';
import { ORIGIN, quietRest, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';
import { openPersistedApp } from './support/persisted-app';

const MEMBER = '61';
const REQUESTER = 101;

const received = {
  id: 1,
  createdAt: '2026-01-01T00:00:00Z',
  matchedUser: {
    id: REQUESTER,
    memberName: '이하늘',
    studentNo: '24',
    department: '경영학과',
    profileImageUrl: null,
    userKeywords: [{ id: 1, keywordName: '열정' }],
    userInterests: [{ id: 4, interestName: 'STARTUP' }],
  },
};

type Saved = { clientState: { mutations: { mutationKey?: unknown[] }[] } } | undefined;

/** Resolves once the persisted cache holds as many accepts as `count` (the throttled write landed). */
const savedAccepts = (store: UseStore, count: number) =>
  waitFor(async () => {
    const saved = await get<Saved>(persistKey(MEMBER), store);
    expect(saved?.clientState.mutations.filter((m) => m.mutationKey?.[1] === 'accept')).toHaveLength(count);
  });

describe('받은 요청 › 수락 made offline and sent after a reload', () => {
  let calls: string[];
  let lists: { RECEIVED: (typeof received)[] };
  beforeEach(() => {
    stubBrowser();
    setAccessToken(makeJwt(3600, MEMBER));
    calls = [];
    lists = { RECEIVED: [received] };
    server.use(
      mswHttp.get(`${ORIGIN}/api/matches`, ({ request }) => {
        const data = new URL(request.url).searchParams.get('status') === 'RECEIVED' ? lists.RECEIVED : [];
        return HttpResponse.json(ok({ data, meta: { currentPage: 0, pageSize: 10, totalItems: data.length, totalPages: 1, hasNext: false } }));
      }),
      mswHttp.patch(`${ORIGIN}/api/matches/accept/:id`, ({ params }) => {
        calls.push(`accept:${String(params.id)}`);
        lists.RECEIVED = [];
        return HttpResponse.json(ok('MATCH_ACCEPT_SUCCESS'));
      }),
      mswHttp.post(`${ORIGIN}/api/chatrooms`, ({ request }) => {
        calls.push(`room${new URL(request.url).search}`);
        return HttpResponse.json(ok({ chatRoomId: 55, friendName: '이하늘', friendDepartment: '경영학과', starterId: REQUESTER }));
      }),
      // The room 채팅하기 opens, empty.
      mswHttp.get(`${ORIGIN}/api/chatrooms/55/messages`, () =>
        HttpResponse.json(ok({ userId: Number(MEMBER), friendId: REQUESTER, data: [], meta: { pageSize: 20, hasNext: false, nextCursor: null } })),
      ),
      ...quietRest,
    );
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    clearAccessToken();
  });

  it('says "이하늘님과 매칭됐어요!" with 채팅하기 once it is sent, and not again on a later reload', async () => {
    const store = createStore('match-accept-restored-test', 'queries');
    const first = await openPersistedApp(store, '/matching');
    const panel = await screen.findByRole('list', { name: '받은 요청' });
    const accept = await within(panel).findByRole('button', { name: '이하늘님의 요청 수락' });
    act(() => onlineManager.setOnline(false));
    fireEvent.click(accept);
    expect((await screen.findByText('오프라인이에요')).closest('[data-testid="toast"]')).toHaveTextContent('연결되면 이하늘님의 요청을 수락할게요.');
    await savedAccepts(store, 1);
    first.reload();

    // Reloaded, still offline: the accept is restored and waits (the card says so, and cannot send a
    // second one); nothing is said yet.
    const second = await openPersistedApp(store, '/matching');
    const waiting = await within(await screen.findByRole('list', { name: '받은 요청' })).findByRole('button', { name: '이하늘님의 요청 수락' });
    expect(waiting).toBeDisabled();
    expect(waiting).toHaveTextContent('처리 중');
    expect(calls).toEqual([]);
    act(() => onlineManager.setOnline(true));
    const toast = (await screen.findByText('이하늘님과 매칭됐어요!')).closest('[data-testid="toast"]') as HTMLElement;
    expect(toast).toHaveTextContent('채팅으로 먼저 인사해 보세요.');
    expect(calls).toEqual([`accept:${REQUESTER}`]);
    // 채팅하기 opens the pair's room as the toast made before the reload would have.
    fireEvent.click(within(toast).getByRole('button', { name: '채팅하기' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/chatting/55'));
    expect(second.router.state.location.state.chatFriend).toEqual({ friendId: REQUESTER, name: '이하늘', department: '경영학과', imageUrl: null });
    expect(calls).toEqual([`accept:${REQUESTER}`, `room?friendId=${REQUESTER}`]);
    expect(screen.queryByText('이하늘님과 매칭됐어요!')).toBeNull();
    await savedAccepts(store, 0);
    second.reload();

    // Another reload: the accept is done and said; nothing is sent or said again.
    await openPersistedApp(store, '/matching');
    expect(await screen.findByText('받은 요청이 없어요')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('이하늘님과 매칭됐어요!')).toBeNull();
    expect(calls).toEqual([`accept:${REQUESTER}`, `room?friendId=${REQUESTER}`]);
  });
});
