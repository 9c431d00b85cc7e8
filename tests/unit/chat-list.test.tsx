import 'fake-indexeddb/auto';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatKeys } from '../../src/entities/chat-room';
import { clearOutbox, getOutbox } from '../../src/features/chat/outbox/outbox';
import { matchKeys } from '../../src/entities/match';
import { setAccessToken } from '../../src/lib/auth';
import { createQueryClient } from '../../src/lib/query-client';
import { createAppRouter } from '../../src/router';
import { makeJwt, ok } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;

function renderApp(path: string, seed?: (queryClient: QueryClient) => void) {
  const queryClient = createQueryClient();
  seed?.(queryClient);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const room = (roomId: number, friendName: string, lastMessage: string | null, lastMessageSentAt: string | null) => ({
  roomId,
  friendId: roomId + 100,
  friendName,
  friendDepartment: '컴퓨터정보공학부',
  friendImageUrl: null,
  lastMessage,
  lastMessageSentAt,
  unreadCount: 0,
});

function page(data: unknown[]) {
  return ok({ data, meta: { currentPage: 0, pageSize: 10, totalItems: data.length, totalPages: 1, hasNext: false } });
}

/** An accepted match (GET /api/matches?status=ACCEPTED) with `memberId`. */
const match = (memberId: number, memberName: string) => ({
  id: memberId + 1000,
  createdAt: '2026-01-01T00:00:00Z',
  matchedUser: {
    id: memberId,
    memberName,
    studentNo: '24',
    department: '경영학과',
    profileImageUrl: null,
    userKeywords: [],
    userInterests: [{ id: 4, interestName: 'STARTUP' }],
  },
});

function acceptedMatches(data: unknown[]) {
  server.use(
    mswHttp.get(`${ORIGIN}/api/matches`, ({ request }) => HttpResponse.json(page(new URL(request.url).searchParams.get('status') === 'ACCEPTED' ? data : []))),
  );
}

describe('chat list', () => {
  // The root asks for the 채팅 tab's unread total on every signed-in screen; the list asks for
  // the accepted matches (friends with no room yet).
  beforeEach(() => {
    server.use(mswHttp.get(`${ORIGIN}/api/chatrooms/unread`, () => HttpResponse.json(ok({ unreadCount: 0 }))));
    acceptedMatches([]);
  });

  it("the 채팅 tab badge is the server's total over all rooms, not the loaded page's sum", async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([{ ...room(1, '이하늘', '안녕', '09:00'), unreadCount: 2 }]))),
      mswHttp.get(`${ORIGIN}/api/chatrooms/unread`, () => HttpResponse.json(ok({ unreadCount: 12 }))),
    );
    renderApp('/chatting');
    await screen.findByRole('list', { name: '채팅방 목록' });
    await waitFor(() => expect(screen.getByTestId('tab-badge-채팅')).toHaveTextContent('12'));
  });

  it('shows each room with name, last message and a 12-hour time', async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([room(1, '이하늘', '수요일에 봬요', '13:05'), room(2, '박서준', null, null)]))),
    );
    renderApp('/chatting');
    const list = await screen.findByRole('list', { name: '채팅방 목록' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('이하늘');
    expect(rows[0]).toHaveTextContent('수요일에 봬요');
    expect(rows[0]).toHaveTextContent('오후 1:05');
    expect(rows[0]).toHaveAttribute('href', '/chatting/1');
    expect(rows[1]).toHaveTextContent('박서준');
    expect(screen.getByRole('heading', { level: 1, name: '채팅' })).toBeInTheDocument();
  });

  it('says the time today, 어제 for yesterday, the date before that, and the year for another year (Seoul calendar)', async () => {
    // Noon in Seoul: 03:00 UTC. Only Date is faked, so msw and React keep their timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T12:00:00+09:00'));
    try {
      setAccessToken(makeJwt(3600));
      const at = (roomId: number, name: string, iso: string, clock: string) => ({ ...room(roomId, name, '안녕', clock), lastMessageAt: iso });
      server.use(
        mswHttp.get(`${ORIGIN}/api/chatrooms`, () =>
          HttpResponse.json(
            page([
              at(1, '오늘자정', '2026-12-07T00:00:00.000+09:00', '00:00'),
              at(2, '어제밤', '2026-12-06T23:59:00.000+09:00', '23:59'),
              // 15:30 UTC on the 5th is the 6th's 00:30 in Seoul: 어제 by Seoul's calendar.
              at(3, '어제새벽', '2026-12-05T15:30:00.000Z', '00:30'),
              at(4, '지난주', '2026-12-05T10:00:00.000+09:00', '10:00'),
              at(5, '작년', '2025-12-05T10:00:00.000+09:00', '10:00'),
              // A list cached before the field existed: the clock, as before.
              room(6, '예전캐시', '안녕', '08:15'),
            ]),
          ),
        ),
      );
      renderApp('/chatting');
      const time = async (name: string) => (await screen.findByRole('link', { name: new RegExp(name) })).textContent ?? '';
      expect(await time('오늘자정')).toContain('오전 12:00');
      expect(await time('어제밤')).toContain('어제');
      expect(await time('어제밤')).not.toContain('오후 11:59');
      expect(await time('어제새벽')).toContain('어제');
      expect(await time('지난주')).toContain('12월 5일');
      expect(await time('작년')).toContain('2025. 12. 5.');
      expect(await time('예전캐시')).toContain('오전 8:15');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a room with no message yet (opened, nothing said) invites a first word instead of an empty line', async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([room(1, '이하늘', '수요일에 봬요', '13:05'), room(2, '박서준', null, null)]))),
    );
    renderApp('/chatting');
    const quiet = await screen.findByRole('link', { name: /박서준/ });
    expect(quiet).toHaveTextContent('아직 대화가 없어요. 먼저 인사해 보세요');
    expect(screen.getByRole('link', { name: /이하늘/ })).not.toHaveTextContent('아직 대화가 없어요');
  });

  it('with no chats and no matches it says 아직 채팅이 없어요 and leads home, where the friends to ask are', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([]))));
    const router = renderApp('/chatting');
    expect(await screen.findByText('아직 채팅이 없어요')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '친구 찾아보기' });
    expect(link).toHaveAttribute('href', '/');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a friend just matched, with no room yet, waits under 새로 매칭된 친구; a tap opens the room as 채팅하기 does', async () => {
    setAccessToken(makeJwt(3600));
    const opened: string[] = [];
    let rooms = [room(1, '이하늘', '안녕', '09:00')];
    // The room screen's other requests (its meetup strip, …): answered empty, behind the ones below.
    server.use(mswHttp.all(`${ORIGIN}/*`, () => HttpResponse.json(ok(null))));
    acceptedMatches([match(205, '최다온'), match(101, '이하늘')]);
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page(rooms))),
      mswHttp.post(`${ORIGIN}/api/chatrooms`, ({ request }) => {
        opened.push(new URL(request.url).searchParams.get('friendId') ?? '');
        rooms = [room(7, '최다온', null, null), ...rooms];
        return HttpResponse.json(ok({ chatRoomId: 7, starterId: 1, friendName: '최다온', friendDepartment: '경영학과' }));
      }),
      mswHttp.get(`${ORIGIN}/api/chatrooms/7/messages`, () =>
        HttpResponse.json(ok({ userId: 1, friendId: 205, data: [], meta: { pageSize: 20, hasNext: false, nextCursor: null } })),
      ),
    );
    const router = renderApp('/chatting');
    const section = await screen.findByRole('list', { name: '새로 매칭된 친구' });
    // 이하늘 already has a room: listed once, as a room.
    const friends = within(section).getAllByRole('button');
    expect(friends).toHaveLength(1);
    expect(friends[0]).toHaveTextContent('최다온');
    expect(screen.getByRole('heading', { level: 2, name: '새로 매칭된 친구' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '채팅방 목록' })).getAllByRole('link')).toHaveLength(1);

    fireEvent.click(friends[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatting/7'));
    expect(opened).toEqual(['205']);
    expect(await screen.findByRole('button', { name: '최다온 프로필 보기' })).toBeInTheDocument();
  });

  describe('offline, from the persisted cache', () => {
    afterEach(() => {
      act(() => onlineManager.setOnline(true));
    });

    it('still shows the new friend; a tap says it needs the network and asks nothing', async () => {
      setAccessToken(makeJwt(3600));
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      onlineManager.setOnline(false);
      const asked: string[] = [];
      server.use(
        mswHttp.all('*', ({ request }) => {
          asked.push(`${request.method} ${new URL(request.url).pathname}`);
          return HttpResponse.error();
        }),
      );
      const pageOf = (data: unknown[]) => ({ data, meta: { currentPage: 0, pageSize: 10, totalItems: data.length, totalPages: 1, hasNext: false } });
      renderApp('/chatting', (client) => {
        client.setQueryData(chatKeys.rooms(), { pages: [pageOf([])], pageParams: [0] });
        client.setQueryData(matchKeys.list('ACCEPTED'), { pages: [pageOf([match(205, '최다온')])], pageParams: [0] });
      });
      const section = await screen.findByRole('list', { name: '새로 매칭된 친구' });
      fireEvent.click(within(section).getByRole('button', { name: /최다온/ }));
      expect(await screen.findByText('오프라인이라 채팅방을 열 수 없어요')).toBeInTheDocument();
      expect(asked.filter((line) => line.startsWith('POST'))).toEqual([]);
    });
  });

  describe('what I wrote and is not sent yet', () => {
    afterEach(async () => {
      await clearOutbox();
    });

    it('the row shows my newest unsent message (전송 중, or 전송 실패) instead of the last stored one, as KakaoTalk lists it', async () => {
      setAccessToken(makeJwt(3600));
      server.use(
        mswHttp.get(`${ORIGIN}/api/chatrooms`, () =>
          HttpResponse.json(page([room(1, '이하늘', '수요일에 봬요', '13:05'), room(2, '박서준', '커피챗', '10:00')])),
        ),
      );
      // Typed offline in each room (the outbox keeps them until the server has them).
      const outbox = getOutbox();
      const pending = await outbox.enqueue(1, '지하철이라 이따 답할게요');
      const refused = await outbox.enqueue(2, '보내지 못한 말');
      await outbox.markFailed(refused.clientMessageId, 'not a participant of this room');
      renderApp('/chatting');

      const waiting = await screen.findByRole('link', { name: /이하늘/ });
      expect(waiting).toHaveTextContent('지하철이라 이따 답할게요');
      expect(waiting).toHaveTextContent('전송 중');
      expect(waiting).not.toHaveTextContent('수요일에 봬요');
      const failed = screen.getByRole('link', { name: /박서준/ });
      expect(failed).toHaveTextContent('전송 실패');
      expect(failed).toHaveTextContent('보내지 못한 말');

      // Sent: the row is the server's again (its event:room brings the new line).
      await act(() => outbox.markSent(pending.clientMessageId));
      await waitFor(() => expect(waiting).toHaveTextContent('수요일에 봬요'));
      expect(waiting).not.toHaveTextContent('전송 중');
    });
  });

  it('a failed load shows the error text with a retry', async () => {
    setAccessToken(makeJwt(3600));
    let calls = 0;
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => {
        calls += 1;
        // The loader's call and the one on mount both fail.
        return calls <= 2
          ? HttpResponse.json({ isSuccess: false, code: 'COMMON400', message: '요청 값이 올바르지 않아요.' }, { status: 400 })
          : HttpResponse.json(page([room(1, '이하늘', '안녕', '09:00')]));
      }),
    );
    renderApp('/chatting');
    expect(await screen.findByText('채팅 목록을 불러오지 못했어요.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('link', { name: /이하늘/ })).toBeInTheDocument();
  });

  it('a long press (300 ms) asks, and confirming leaves the room and refetches the list', async () => {
    setAccessToken(makeJwt(3600));
    let rooms = [room(1, '이하늘', '안녕', '09:00'), room(2, '박서준', '커피챗', '10:00')];
    const leave = vi.fn();
    server.use(
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page(rooms))),
      mswHttp.patch(`${ORIGIN}/api/chatrooms/:roomId`, ({ params }) => {
        leave(params.roomId);
        rooms = rooms.filter((r) => String(r.roomId) !== params.roomId);
        return HttpResponse.json(ok());
      }),
    );
    const router = renderApp('/chatting');
    const row = await screen.findByRole('link', { name: /박서준/ });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    fireEvent.pointerUp(row);
    fireEvent.click(row);
    vi.useRealTimers();

    const dialog = await screen.findByRole('dialog', { name: '채팅방을 나갈까요?' });
    expect(dialog).toHaveTextContent('나가면 대화 내용을 복구할 수 없어요');
    // The click that ended the press did not open the room.
    expect(router.state.location.pathname).toBe('/chatting');

    fireEvent.click(within(dialog).getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('2'));
    await waitFor(() => expect(screen.queryByRole('link', { name: /박서준/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /이하늘/ })).toBeInTheDocument();
  });

  it('the context-menu key (Shift+F10) opens the same dialog; cancel keeps the room', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([room(1, '이하늘', '안녕', '09:00')]))));
    renderApp('/chatting');
    const row = await screen.findByRole('link', { name: /이하늘/ });
    fireEvent.keyDown(row, { key: 'F10', shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: '채팅방을 나갈까요?' });
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /이하늘/ })).toBeInTheDocument();
  });

  it('a moving finger is a scroll, not a long press', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([room(1, '이하늘', '안녕', '09:00')]))));
    renderApp('/chatting');
    const row = await screen.findByRole('link', { name: /이하늘/ });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.pointerDown(row, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(row, { pointerType: 'touch', clientX: 10, clientY: 60 });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    vi.useRealTimers();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
