import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAccessToken, setAccessToken, stopTokenRefresh } from '../../src/lib/auth';
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

describe('app shell', () => {
  // The root asks for the 채팅 tab's unread total on every signed-in screen.
  beforeEach(() => server.use(mswHttp.get(`${ORIGIN}/api/chatrooms/unread`, () => HttpResponse.json(ok({ unreadCount: 0 })))));

  it('without a stored token every app route goes to /onboarding', async () => {
    const router = renderApp('/my');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(await screen.findByRole('button', { name: '학교 이메일로 로그인' })).toBeInTheDocument();
    // Onboarding screens have no shell header and no tab bar.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('a tab route: header title, the five tabs, the current one marked', async () => {
    setAccessToken(makeJwt(3600));
    renderApp('/matching?selectTab=RECEIVED');
    expect(await screen.findByRole('heading', { level: 1, name: '매칭 리스트' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '주요 메뉴' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['홈', '채팅', '둘러보기', '매칭', '마이']);
    expect(within(nav).getByRole('link', { name: '매칭' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '홈' })).not.toHaveAttribute('aria-current');
  });

  it('/alarm: titled header with a back button, no tab bar', async () => {
    setAccessToken(makeJwt(3600));
    renderApp('/alarm');
    expect(await screen.findByRole('heading', { level: 1, name: '알림' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '뒤로 가기' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('home: logo to / and bell to /alarm instead of a title; losing the token leaves for /onboarding', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/auth/uniName`, () => HttpResponse.text('이화여대')));
    const router = renderApp('/');
    expect((await screen.findAllByText('이화여자대학교')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '런치챗 홈' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '알림' })).toHaveAttribute('href', '/alarm');
    expect(screen.getByRole('link', { name: '교환학생' })).toHaveAttribute('href', '/explore?interest=EXCHANGE_STUDENT');

    act(() => clearAccessToken());
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
  });

  it('/my shows the member and logs out', async () => {
    setAccessToken(makeJwt(3600));
    let loggedOut = false;
    server.use(
      mswHttp.get(`${ORIGIN}/api/members/mypage`, () =>
        HttpResponse.json(
          ok({
            profileImageUrl: null,
            name: '김런치',
            studentId: '25',
            department: '컴퓨터정보공학부',
            completed: 0,
            requested: 0,
            received: 0,
            keywords: [],
            tags: ['STARTUP'],
          }),
        ),
      ),
      mswHttp.post(`${ORIGIN}/auth/logout`, () => {
        loggedOut = true;
        return HttpResponse.json(ok('로그아웃 완료'));
      }),
    );
    const router = renderApp('/my');
    expect(await screen.findByText('김런치')).toBeInTheDocument();
    expect(screen.getByText('25학번 · 컴퓨터정보공학부')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: '로그아웃' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('/auth/callback/google (a cached shell) forwards to /auth/login/google with the same query', async () => {
    let code: string | null = null;
    server.use(
      mswHttp.get(`${ORIGIN}/auth/login/google`, ({ request }) => {
        code = new URL(request.url).searchParams.get('code');
        return HttpResponse.json(ok('isNewUser'), { headers: { access: makeJwt(3600) } });
      }),
      mswHttp.get(`${ORIGIN}/api/colleges`, () => HttpResponse.json(ok([]))),
    );
    const router = renderApp('/auth/callback/google?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/profile'));
    expect(code).toBe('abc');
    expect(await screen.findByRole('heading', { level: 1, name: '프로필 작성 중' })).toBeInTheDocument();
    stopTokenRefresh();
  });
});
