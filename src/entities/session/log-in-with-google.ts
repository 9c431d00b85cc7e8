import type { z } from 'zod';
import { ACCESS_HEADER, NEW_USER_RESULT } from '../../../contract/auth-values';
import type { loginResultSchema } from '../../../contract/auth';
import { ApiError, apiFetch, unwrap } from '../../lib/http';

export interface LoginResult {
  accessToken: string;
  isNewUser: boolean;
}

// One exchange per code for the life of the page: the IdP code is single-use, and React
// StrictMode (or a remount) must not spend it twice.
const exchanges = new Map<string, Promise<LoginResult>>();

async function exchange(code: string, state: string | undefined): Promise<LoginResult> {
  const query = new URLSearchParams({ code });
  if (state) query.set('state', state);
  const response = await apiFetch(`/auth/login/google?${query.toString()}`, {
    headers: { Accept: 'application/json' },
    // A 401 here is a bad code, not a stale access token.
    context: { skipAuthRefresh: true },
  });
  const result = await unwrap<z.infer<typeof loginResultSchema>>(response);
  const accessToken = response.headers.get(ACCESS_HEADER);
  if (!accessToken) throw new ApiError('AUTH_400_CODE', response.status, '로그인 응답에 토큰이 없어요.');
  return { accessToken, isNewUser: result === NEW_USER_RESULT };
}

/** GET /auth/login/google?code= → the access token (response header `access`) and whether sign-up is pending. */
export function loginWithGoogleCode(code: string, state?: string): Promise<LoginResult> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = exchange(code, state);
    exchanges.set(code, pending);
  }
  return pending;
}
