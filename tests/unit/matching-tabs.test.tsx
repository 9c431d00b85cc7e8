import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from './support/helpers';
import { memberDetail, ORIGIN, quietRest, renderApp, serverError, stubBrowser } from './support/member-fixtures';
import { server } from './support/msw-server';

function item(id: number, name: string) {
  return {
    id,
    createdAt: '2026-01-01T00:00:00Z',
    matchedUser: {
      id: id + 100,
      memberName: name,
      studentNo: '24',
      department: '경영학과',
      profileImageUrl: null,
      userKeywords: [{ id: 1, keywordName: '열정' }],
      userInterests: [{ id: 4, interestName: 'STARTUP' }],
    },
  };
}

function page(data: unknown[], currentPage = 0, hasNext = false) {
  return ok({ data, meta: { currentPage, pageSize: 10, totalItems: data.length, totalPages: 1, hasNext } });
}

function withMatches(byStatus: Record<string, unknown[]>, seen: string[] = []) {
  server.use(
    mswHttp.get(`${ORIGIN}/api/matches`, ({ request }) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status') ?? '';
      seen.push(`${status}:${url.searchParams.get('page')}:${url.searchParams.get('size')}`);
      return HttpResponse.json(page(byStatus[status] ?? []));
    }),
  );
  return seen;
}

describe('matching list', () => {
  beforeEach(() => {
    stubBrowser();
    server.use(...quietRest);
  });

  it('starts on 받은 요청 and shows its empty text; an unknown selectTab falls back to it', async () => {
    withMatches({});
    renderApp('/matching?selectTab=BOGUS');
    const received = await screen.findByRole('tab', { name: '받은 요청' });
    expect(received).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('받은 요청이 없어요')).toBeInTheDocument();
  });

  it('selectTab=ACCEPTED opens 매칭 완료 with cards linking to the profile', async () => {
    const seen = withMatches({ ACCEPTED: [item(1, '이하늘')] });
    renderApp('/matching?selectTab=ACCEPTED');
    expect(await screen.findByRole('tab', { name: '매칭 완료' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    const link = await within(panel).findByRole('link', { name: /이하늘/ });
    expect(link).toHaveAttribute('href', '/profile/101');
    expect(link).toHaveTextContent('창업');
    expect(seen).toContain('ACCEPTED:0:10');
  });

  it('navigation state selectTab opens that tab', async () => {
    withMatches({});
    renderApp('/matching', { selectTab: 'REQUESTED' });
    expect(await screen.findByRole('tab', { name: '보낸 요청' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('보낸 요청이 없어요')).toBeInTheDocument();
  });

  it('switching tabs updates the URL; arrow keys move between tabs', async () => {
    withMatches({});
    const { router } = renderApp('/matching');
    fireEvent.click(await screen.findByRole('tab', { name: '매칭 완료' }));
    expect(await screen.findByText('완료된 매칭이 없어요')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ selectTab: 'ACCEPTED' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: '매칭 완료' }), { key: 'ArrowLeft' });
    expect(await screen.findByText('보낸 요청이 없어요')).toBeInTheDocument();
  });

  it('a failed load shows the error text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mswHttp.get(`${ORIGIN}/api/matches`, serverError));
    renderApp('/matching');
    expect(await screen.findByText('목록을 불러오지 못했어요')).toBeInTheDocument();
  });

  describe('declining, withdrawing, and when a request expires', () => {
    /** A server whose lists lose what is declined or withdrawn; `gone` ids answer 404 as a withdrawn request does. */
    function withRequests(lists: Record<string, ReturnType<typeof item>[]>, gone: number[] = []) {
      const calls: string[] = [];
      const drop = (status: string, memberId: number) => {
        lists[status] = (lists[status] ?? []).filter((m) => m.matchedUser.id !== memberId);
      };
      server.use(
        mswHttp.get(`${ORIGIN}/api/matches`, ({ request }) => HttpResponse.json(page(lists[new URL(request.url).searchParams.get('status') ?? ''] ?? []))),
        mswHttp.patch(`${ORIGIN}/api/matches/:verb/:id`, ({ params }) => {
          const id = Number(params.id);
          calls.push(`${String(params.verb)}:${id}`);
          if (gone.includes(id)) {
            drop('RECEIVED', id);
            return HttpResponse.json({ isSuccess: false, code: 'MATCH_404', message: '런치챗 요청을 찾을 수 없어요.' }, { status: 404 });
          }
          if (params.verb === 'decline') drop('RECEIVED', id);
          if (params.verb === 'withdraw') drop('REQUESTED', id);
          if (params.verb === 'accept') drop('RECEIVED', id);
          return HttpResponse.json(ok(`MATCH_${String(params.verb).toUpperCase()}_SUCCESS`));
        }),
      );
      return calls;
    }

    it('거절 asks first (닫기 sends nothing); confirmed, the card leaves 받은 요청', async () => {
      const calls = withRequests({ RECEIVED: [item(1, '이하늘'), item(2, '김바다')] });
      renderApp('/matching');
      const panel = await screen.findByRole('list', { name: '받은 요청' });
      const card = (await within(panel).findByRole('link', { name: /이하늘/ })).closest('li')!;
      fireEvent.click(within(card as HTMLElement).getByRole('button', { name: '이하늘님의 요청 거절' }));
      let dialog = await screen.findByRole('dialog', { name: '요청을 거절할까요?' });
      expect(dialog).toHaveTextContent('상대에게 따로 알리지 않아요.');
      fireEvent.click(within(dialog).getByRole('button', { name: '닫기' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls).toEqual([]);

      fireEvent.click(within(card as HTMLElement).getByRole('button', { name: '이하늘님의 요청 거절' }));
      dialog = await screen.findByRole('dialog', { name: '요청을 거절할까요?' });
      fireEvent.click(within(dialog).getByRole('button', { name: '거절' }));
      await waitFor(() => expect(within(panel).queryByRole('link', { name: /이하늘/ })).toBeNull());
      expect(calls).toEqual(['decline:101']);
      expect(within(panel).getByRole('link', { name: /김바다/ })).toBeInTheDocument();
    });

    it('보낸 요청 cards say when they expire, and 요청 취소 withdraws the request', async () => {
      const soon = { ...item(1, '이하늘'), expiresAt: new Date(Date.now() + 5 * 3_600_000 - 60_000).toISOString() };
      const later = { ...item(2, '김바다'), expiresAt: new Date(Date.now() + 25 * 60_000).toISOString() };
      const calls = withRequests({ REQUESTED: [soon, later] });
      renderApp('/matching?selectTab=REQUESTED');
      const panel = await screen.findByRole('list', { name: '보낸 요청' });
      const first = (await within(panel).findByRole('link', { name: /이하늘/ })).closest('li') as HTMLElement;
      expect(first).toHaveTextContent('5시간 후 만료');
      expect(
        (
          within(panel)
            .getByRole('link', { name: /김바다/ })
            .closest('li') as HTMLElement
        ).textContent,
      ).toContain('25분 후 만료');
      fireEvent.click(within(first).getByRole('button', { name: '이하늘님에게 보낸 요청 취소' }));
      await waitFor(() => expect(within(panel).queryByRole('link', { name: /이하늘/ })).toBeNull());
      expect(calls).toEqual(['withdraw:101']);
    });

    it('수락 says the match is made, and the toast’s 채팅하기 opens the room as the profile’s does', async () => {
      const calls = withRequests({ RECEIVED: [item(1, '이하늘')] });
      const opened: string[] = [];
      server.use(
        mswHttp.post(`${ORIGIN}/api/chatrooms`, ({ request }) => {
          opened.push(new URL(request.url).search);
          return HttpResponse.json(ok({ chatRoomId: 55, friendName: '이하늘', friendDepartment: '경영학과', starterId: 101 }));
        }),
      );
      const { router } = renderApp('/matching');
      const panel = await screen.findByRole('list', { name: '받은 요청' });
      fireEvent.click(await within(panel).findByRole('button', { name: '이하늘님의 요청 수락' }));
      // The card leaves the list; the toast says what happened instead of nothing.
      const toast = (await screen.findByText('이하늘님과 매칭됐어요!')).closest('[data-testid="toast"]') as HTMLElement;
      expect(toast).toHaveTextContent('채팅으로 먼저 인사해 보세요.');
      expect(await screen.findByText('받은 요청이 없어요')).toBeInTheDocument();
      expect(calls).toEqual(['accept:101']);
      fireEvent.click(within(toast).getByRole('button', { name: '채팅하기' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/chatting/55'));
      expect(opened).toEqual(['?friendId=101']);
      expect(router.state.location.state.chatFriend).toEqual({ friendId: 101, name: '이하늘', department: '경영학과', imageUrl: null });
      expect(screen.queryByText('이하늘님과 매칭됐어요!')).toBeNull();
    });

    it('수락 made offline says it goes once online, then that the match is made when it does', async () => {
      const calls = withRequests({ RECEIVED: [item(1, '이하늘')] });
      renderApp('/matching');
      const panel = await screen.findByRole('list', { name: '받은 요청' });
      const accept = await within(panel).findByRole('button', { name: '이하늘님의 요청 수락' });
      onlineManager.setOnline(false);
      try {
        fireEvent.click(accept);
        expect((await screen.findByText('오프라인이에요')).closest('[data-testid="toast"]')).toHaveTextContent('연결되면 이하늘님의 요청을 수락할게요.');
        await new Promise((r) => setTimeout(r, 50));
        expect(calls).toEqual([]);
      } finally {
        onlineManager.setOnline(true);
      }
      expect(await screen.findByText('이하늘님과 매칭됐어요!')).toBeInTheDocument();
      expect(calls).toEqual(['accept:101']);
    });

    it('수락 whose answer was lost and whose retry is refused as already accepted is the match it made', async () => {
      const lists = { RECEIVED: [item(2, '김바다')] };
      const calls: string[] = [];
      server.use(
        mswHttp.get(`${ORIGIN}/api/matches`, ({ request }) =>
          HttpResponse.json(page(new URL(request.url).searchParams.get('status') === 'RECEIVED' ? lists.RECEIVED : [])),
        ),
        mswHttp.patch(`${ORIGIN}/api/matches/accept/102`, () => {
          calls.push('accept:102');
          // The first reaches the server, which accepts; its answer is lost on the way back.
          if (calls.length === 1) {
            lists.RECEIVED = [];
            return HttpResponse.error();
          }
          return HttpResponse.json(
            { isSuccess: false, code: 'MATCH_400', message: '런치챗 요청을 처리할 수 없어요.', result: { otherMemberId: '이미 수락한 요청이에요.' } },
            { status: 400 },
          );
        }),
        mswHttp.get(`${ORIGIN}/api/members/102`, () =>
          HttpResponse.json(ok(memberDetail({ id: 102, matchStatus: lists.RECEIVED.length ? 'RECEIVED' : 'ACCEPTED' }))),
        ),
      );
      // Another member than the tests above: their toasts may still be up (the toast store is the page's).
      renderApp('/matching');
      const panel = await screen.findByRole('list', { name: '받은 요청' });
      fireEvent.click(await within(panel).findByRole('button', { name: '김바다님의 요청 수락' }));
      expect(await screen.findByText('김바다님과 매칭됐어요!')).toBeInTheDocument();
      expect(calls).toEqual(['accept:102', 'accept:102']);
      expect(screen.queryByText('수락하지 못했어요')).toBeNull();
    });

    it('수락 on a request withdrawn meanwhile says the server’s words, and the card goes', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const calls = withRequests({ RECEIVED: [item(1, '이하늘')] }, [101]);
      renderApp('/matching');
      const panel = await screen.findByRole('list', { name: '받은 요청' });
      await within(panel).findByRole('link', { name: /이하늘/ });
      fireEvent.click(within(panel).getByRole('button', { name: '이하늘님의 요청 수락' }));
      expect(await screen.findByText('런치챗 요청을 찾을 수 없어요.')).toBeInTheDocument();
      expect(await screen.findByText('받은 요청이 없어요')).toBeInTheDocument();
      expect(calls).toEqual(['accept:101']);
    });
  });
});
