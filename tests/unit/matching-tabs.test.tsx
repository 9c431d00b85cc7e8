import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from './support/helpers';
import { ORIGIN, quietRest, renderApp, serverError, stubBrowser } from './support/member-fixtures';
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
});
