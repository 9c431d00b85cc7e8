import { render, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/ui/toast';
import { LoginCallback } from '../../src/features/auth';
import { stopTokenRefresh } from '../../src/lib/auth';
import { takeSignedOutReason } from '../../src/lib/auth/signed-out-reason';
import { fail, makeJwt, ok } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;

function renderCallback(code?: string, state?: string) {
  const onNavigate = vi.fn();
  render(
    <StrictMode>
      <LoginCallback code={code} state={state} onNavigate={onNavigate} />
      {/* The app shell's toasts, which stay on screen across the way back to /onboarding. */}
      <Toaster />
    </StrictMode>,
  );
  return onNavigate;
}

describe('login callback (/auth/login/google)', () => {
  it('without a code: one toast "구글 로그인에 실패했어요" (no native alert), back to /onboarding', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onNavigate = renderCallback(undefined);
    expect(screen.getAllByText('구글 로그인에 실패했어요')).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(onNavigate).toHaveBeenCalledWith('/onboarding');
  });

  it('a new member: stores the `access` header token and goes to the wizard; the code is spent once under StrictMode', async () => {
    const token = makeJwt(3600);
    const requests: URL[] = [];
    server.use(
      mswHttp.get(`${ORIGIN}/auth/login/google`, ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(ok('isNewUser'), { headers: { access: token } });
      }),
    );
    const onNavigate = renderCallback('code-new', 'st');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/onboarding/profile'));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('code')).toBe('code-new');
    expect(localStorage.getItem('accessToken')).toBe(token);
    stopTokenRefresh();
  });

  it('a returning member goes to the welcome splash after ~50 ms', async () => {
    server.use(mswHttp.get(`${ORIGIN}/auth/login/google`, () => HttpResponse.json(ok('로그인 성공'), { headers: { access: makeJwt(3600) } })));
    const onNavigate = renderCallback('code-old');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/onboarding/complete'));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    stopTokenRefresh();
  });

  it('a refused code: toast "로그인 중 문제가 발생했어요" (no native alert), back to /onboarding, nothing stored', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mswHttp.get(`${ORIGIN}/auth/login/google`, () =>
        HttpResponse.json(fail('AUTH_400_CODE', '로그인 코드가 올바르지 않거나 만료되었어요.'), { status: 400 }),
      ),
    );
    const onNavigate = renderCallback('code-bad');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/onboarding'));
    expect(await screen.findAllByText('로그인 중 문제가 발생했어요')).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a suspended account (403 AUTH_403_DISABLED): no alert; the sign-in screen says the account is suspended', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mswHttp.get(`${ORIGIN}/auth/login/google`, () => HttpResponse.json(fail('AUTH_403_DISABLED', '사용할 수 없는 계정이에요.'), { status: 403 })));
    const onNavigate = renderCallback('code-suspended');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/onboarding'));
    expect(alert).not.toHaveBeenCalled();
    expect(takeSignedOutReason()).toBe('운영자에 의해 이용이 정지된 계정이라 로그인할 수 없어요.');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a suspension for 7 or 30 days (result.suspendedUntil, section 16 정지 기간): the sign-in screen says until when, in Seoul time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mswHttp.get(`${ORIGIN}/auth/login/google`, () =>
        HttpResponse.json(fail('AUTH_403_DISABLED', '2026년 12월 5일 15:00까지 이용이 정지된 계정이에요.', { suspendedUntil: '2026-12-05T06:00:00.000Z' }), {
          status: 403,
        }),
      ),
    );
    const onNavigate = renderCallback('code-timed');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/onboarding'));
    expect(takeSignedOutReason()).toBe('운영자에 의해 2026년 12월 5일 15:00까지 이용이 정지된 계정이에요. 그 뒤에 다시 로그인해 주세요.');
    // Read once: a later visit to the sign-in screen says nothing.
    expect(takeSignedOutReason()).toBeNull();
  });

  it('a malformed suspendedUntil is ignored: the plain suspended message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mswHttp.get(`${ORIGIN}/auth/login/google`, () =>
        HttpResponse.json(fail('AUTH_403_DISABLED', '사용할 수 없는 계정이에요.', { suspendedUntil: 'soon' }), { status: 403 }),
      ),
    );
    const onNavigate = renderCallback('code-odd');
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/onboarding'));
    expect(takeSignedOutReason()).toBe('운영자에 의해 이용이 정지된 계정이라 로그인할 수 없어요.');
  });
});
