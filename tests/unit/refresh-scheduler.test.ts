import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureFreshToken, getAccessToken, setAccessToken, startTokenRefresh, stopTokenRefresh } from '../../src/lib/auth';
import { makeJwt, ok } from './support/helpers';

function reissueAnswers(...tokens: (string | null)[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
    const token = tokens.shift();
    return Promise.resolve(
      token
        ? Response.json(ok({ accessToken: token }))
        : Response.json({ isSuccess: false, code: 'REFRESH_401', message: '다시 로그인해 주세요.' }, { status: 401 }),
    );
  });
}

describe('proactive token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => stopTokenRefresh());

  it('refreshes 60 s before expiry, then re-checks 1 s after the attempt', async () => {
    setAccessToken(makeJwt(180));
    const next = makeJwt(180 + 900);
    const fetchSpy = reissueAnswers(next);
    startTokenRefresh();

    await vi.advanceTimersByTimeAsync(119_000);
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toMatch(/\/auth\/reissue$/);
    expect(getAccessToken()).toBe(next);

    // The new token is far from expiry: nothing more happens for a long while.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('inside the window it tries after 5 s, and after a failed attempt it stops once the token is gone', async () => {
    setAccessToken(makeJwt(30));
    const fetchSpy = reissueAnswers(null);
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(console.warn).toHaveBeenCalledWith('reissue failed');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('keeps trying (5 s + 1 s) while the API cannot be reached, keeping the token', async () => {
    const token = makeJwt(30);
    setAccessToken(token);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    startTokenRefresh();
    await vi.advanceTimersByTimeAsync(5_100);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(getAccessToken()).toBe(token);
  });

  it('ensureFreshToken returns a good token as is and refreshes one about to expire (shared)', async () => {
    const good = makeJwt(3600);
    setAccessToken(good);
    const fetchSpy = reissueAnswers(makeJwt(3600, '9'));
    await expect(ensureFreshToken()).resolves.toBe(good);
    expect(fetchSpy).not.toHaveBeenCalled();

    setAccessToken(makeJwt(20));
    const [a, b] = await Promise.all([ensureFreshToken(), ensureFreshToken()]);
    expect(a).toBe(b);
    expect(a).toBe(getAccessToken());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
