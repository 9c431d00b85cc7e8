import { render, screen } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LoginScreen } from '../../src/features/auth/components/login-screen';
import { getAccessToken, setAccessToken } from '../../src/lib/auth';
import { ApiError, apiJson } from '../../src/lib/http';
import { fail, makeJwt } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;

describe('a suspended account (contract section 16)', () => {
  it('signs out at once on AUTH_403_DISABLED, without a refresh, and the sign-in screen says why in Korean', async () => {
    setAccessToken(makeJwt(3600));
    let reissues = 0;
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, () => {
        reissues += 1;
        return HttpResponse.json(fail('REFRESH_403', '보안을 위해 로그아웃되었어요. 다시 로그인해 주세요.'), { status: 403 });
      }),
      mswHttp.get(`${ORIGIN}/api/members/me`, () => HttpResponse.json(fail('AUTH_403_DISABLED', '사용할 수 없는 계정이에요.'), { status: 403 })),
    );
    const error = await apiJson('/api/members/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('AUTH_403_DISABLED');
    expect(getAccessToken()).toBeNull();
    expect(reissues).toBe(0);

    render(<LoginScreen />);
    expect(screen.getByRole('alert')).toHaveTextContent('운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.');
  });

  it('a 7- or 30-day suspension (result.suspendedUntil, section 16 정지 기간): the sign-in screen says at once until when, in the words of a refused sign-in', async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.get(`${ORIGIN}/api/matches`, () =>
        HttpResponse.json(fail('AUTH_403_DISABLED', '2026년 12월 14일 15:00까지 이용이 정지된 계정이에요.', { suspendedUntil: '2026-12-14T06:00:00.000Z' }), {
          status: 403,
        }),
      ),
    );
    await apiJson('/api/matches').catch(() => undefined);
    expect(getAccessToken()).toBeNull();

    render(<LoginScreen />);
    expect(screen.getByRole('alert')).toHaveTextContent('운영자에 의해 2026년 12월 14일 15:00까지 이용이 정지된 계정이에요. 그 뒤에 다시 로그인해 주세요.');
  });

  it('a suspendedUntil that is not an instant is not shown: the plain suspended message', async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.get(`${ORIGIN}/api/matches`, () =>
        HttpResponse.json(fail('AUTH_403_DISABLED', '사용할 수 없는 계정이에요.', { suspendedUntil: 'soon' }), { status: 403 }),
      ),
    );
    await apiJson('/api/matches').catch(() => undefined);
    render(<LoginScreen />);
    expect(screen.getByRole('alert')).toHaveTextContent('운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.');
  });

  it('shows the reason once: a later visit to the sign-in screen is plain', () => {
    render(<LoginScreen />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves a 403 the contract does not know to the refresh (a stale token on the old API), with no message', async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, () => HttpResponse.json(fail('REFRESH_401', '로그인 정보가 올바르지 않아요.'), { status: 401 })),
      mswHttp.get(`${ORIGIN}/api/things`, () => HttpResponse.json(fail('JWT_403', '접근 권한이 없어요.'), { status: 403 })),
    );
    await apiJson('/api/things').catch(() => undefined);
    expect(getAccessToken()).toBeNull();
    render(<LoginScreen />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
