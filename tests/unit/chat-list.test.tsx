import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../src/lib/auth';
import { createQueryClient } from '../../src/lib/query-client';
import { createAppRouter } from '../../src/router';
import { makeJwt, ok } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;

function renderApp(path: string) {
  const queryClient = createQueryClient();
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

describe('chat list', () => {
  // The root asks for the 채팅 tab's unread total on every signed-in screen.
  beforeEach(() => server.use(mswHttp.get(`${ORIGIN}/api/chatrooms/unread`, () => HttpResponse.json(ok({ unreadCount: 0 })))));

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

  it('an empty list says 아직 채팅이 없어요', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/api/chatrooms`, () => HttpResponse.json(page([]))));
    renderApp('/chatting');
    expect(await screen.findByText('아직 채팅이 없어요')).toBeInTheDocument();
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
