import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAccessToken, setAccessToken, stopTokenRefresh } from '../../src/lib/auth';
import { createQueryClient } from '../../src/lib/query-client';
import { createAppRouter } from '../../src/router';
import { fail, makeJwt, ok } from './support/helpers';
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

  // Signing in, then the wizard and another screen: slower than 5 s on a busy machine.
  describe('an unfinished sign-up', { timeout: 15_000 }, () => {
    const signUpRefused = () => HttpResponse.json(fail('AUTH_403_SIGNUP', '회원가입을 마친 뒤에 이용할 수 있어요.'), { status: 403 });

    beforeEach(() =>
      server.use(
        // Any other member call: nothing to show, so a screen stays as empty as it can be.
        mswHttp.all(`${ORIGIN}/api/*`, () => HttpResponse.json(fail('USER_404', '없어요'), { status: 404 })),
        mswHttp.get(`${ORIGIN}/api/members/me`, () =>
          HttpResponse.json(
            ok({ profileImageUrl: null, memberName: '김새내', studentNo: '', department: '', userInterests: [], userKeywords: [], timeTables: [] }),
          ),
        ),
        mswHttp.get(`${ORIGIN}/api/colleges`, () => HttpResponse.json(ok([]))),
        mswHttp.get(`${ORIGIN}/api/chatrooms/unread`, () => HttpResponse.json(ok({ unreadCount: 0 }))),
        mswHttp.get(`${ORIGIN}/auth/uniName`, () => HttpResponse.text('가톨릭대학교')),
      ),
    );

    async function signIn(result: 'isNewUser' | '로그인 성공') {
      server.use(mswHttp.get(`${ORIGIN}/auth/login/google`, () => HttpResponse.json(ok(result), { headers: { access: makeJwt(3600, '7') } })));
      const router = renderApp(`/auth/callback/google?code=${result === 'isNewUser' ? 'new' : 'returning'}-${Math.random()}`);
      const landing = result === 'isNewUser' ? '/onboarding/profile' : '/onboarding/complete';
      await waitFor(() => expect(router.state.location.pathname).toBe(landing));
      stopTokenRefresh();
      return router;
    }

    it('a new member who leaves the wizard for /, /explore or /my (or reopens the app there) is sent back to it', async () => {
      const router = await signIn('isNewUser');
      expect(await screen.findByRole('heading', { level: 1, name: '프로필 작성 중' })).toBeInTheDocument();
      for (const to of ['/', '/explore', '/my', '/matching'] as const) {
        await act(() => router.navigate({ to }));
        await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/profile'));
      }
      expect(screen.getByRole('heading', { level: 1, name: '프로필 작성 중' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: '주요 메뉴' })).not.toBeInTheDocument();
    });

    it('a member call answering AUTH_403_SIGNUP sends the student to the wizard (a session from before the gate)', async () => {
      setAccessToken(makeJwt(3600, '8'));
      // Discovery is what the server refuses an unfinished sign-up (contract section 10).
      server.use(mswHttp.get(`${ORIGIN}/api/members/filters`, signUpRefused));
      const router = renderApp('/explore');
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/profile'));
      expect(await screen.findByRole('heading', { level: 1, name: '프로필 작성 중' })).toBeInTheDocument();
      // Remembered: the next screen does not flash empty first.
      await act(() => router.navigate({ to: '/my' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/profile'));
    });

    it('a returning member is never sent to the wizard; an operator opens /admin before finishing the profile', async () => {
      const router = await signIn('로그인 성공');
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
              tags: [],
            }),
          ),
        ),
      );
      await act(() => router.navigate({ to: '/my' }));
      expect(await screen.findByText('김런치')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/my');

      const operator = await signIn('isNewUser');
      await act(() => operator.navigate({ to: '/admin', search: { tab: 'mentor' } }));
      await waitFor(() => expect(operator.state.location.pathname).toBe('/admin'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(operator.state.location.pathname).toBe('/admin');
    });

    it('a sign-up finished on another phone: the wizard sees the finished profile and opens home', async () => {
      const router = await signIn('isNewUser');
      expect(await screen.findByRole('heading', { level: 1, name: '프로필 작성 중' })).toBeInTheDocument();
      server.use(
        mswHttp.get(`${ORIGIN}/api/members/me`, () =>
          HttpResponse.json(
            ok({
              profileImageUrl: null,
              memberName: '김새내',
              studentNo: '25',
              department: '컴퓨터정보공학부',
              userInterests: ['STARTUP'],
              userKeywords: [],
              timeTables: [],
            }),
          ),
        ),
      );
      await act(() => router.navigate({ to: '/' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
      expect(await screen.findByRole('link', { name: '런치챗 홈' })).toBeInTheDocument();
      await act(() => router.navigate({ to: '/my' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    });
  });
});
