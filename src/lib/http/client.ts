import ky, { type Options } from 'ky';
import { DOMAIN_403_CODES } from '../../../contract/envelope-values';
import type { Envelope } from '../../../contract/envelope';
import {
  ACCOUNT_DISABLED_CODE,
  endDisabledSession,
  endSession,
  getAccessToken,
  markSignUpPending,
  refreshAccessToken,
  SIGN_UP_REQUIRED_CODE,
  tokenMemberId,
} from '../auth';
import { apiUrl } from '../config';
import { ApiError } from './api-error';

/** Per-request flags read by the hooks (ky `context`). */
type RequestContext = {
  /** Do not treat a 401/403 as an expired access token (login, the auth pages). */
  skipAuthRefresh?: boolean;
};

/**
 * The envelope's frame, checked by hand: zod is not part of the browser's start-up (decision 0022;
 * building the contract's schemas was half of the app's module evaluation on a phone). Results are
 * typed from `contract/` and trusted as the server sent them, unless a fetcher passes a check.
 */
function readEnvelope(body: unknown): Envelope<unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { isSuccess, code, message, result } = body as Record<string, unknown>;
  if (typeof isSuccess !== 'boolean' || typeof code !== 'string' || typeof message !== 'string') return null;
  return { isSuccess, code, message, result };
}

/** A validation failure's `result`: field → message, when every value is a string. */
function fieldErrorsOf(result: unknown): Record<string, string> {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return {};
  const entries = Object.entries(result);
  return entries.every(([, value]) => typeof value === 'string') ? (Object.fromEntries(entries) as Record<string, string>) : {};
}

/** What a fetcher may pass to check a result at run time (a zod schema fits, on screens that load zod). */
export interface ResultCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * The one ky instance. Every call carries the bearer token and cookies (the API may live on
 * another origin). A 401 means the access token is stale, and so does a 403 unless its code is a
 * rule of the domain (DOMAIN_403_CODES: failed as it is) or AUTH_403_DISABLED (signed out): all
 * stale-token failures share one POST /auth/reissue, then each request is retried once. If the
 * refresh fails the session ends; the app shell sees the token disappear and goes to /onboarding.
 */
const http = ky.create({
  credentials: 'include',
  timeout: 15_000,
  throwHttpErrors: false,
  // No automatic retries (React Query owns those); `limit: 1` only admits the forced auth retry.
  retry: { limit: 1, methods: [], statusCodes: [], afterStatusCodes: [] },
  hooks: {
    beforeRequest: [
      (request) => {
        // Read on every attempt, so the retry after a refresh carries the new token.
        const token = getAccessToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        else request.headers.delete('Authorization');
        if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
      },
    ],
    afterResponse: [
      async (request, options, response, state) => {
        if (response.status !== 401 && response.status !== 403) return;
        if (response.status === 403) {
          const body = (await response
            .clone()
            .json()
            .catch(() => null)) as { code?: unknown; result?: { suspendedUntil?: unknown } | null } | null;
          const code = body?.code;
          // A suspended account (contract section 16): no refresh can help; sign out and say why,
          // and until when for a 7- or 30-day one (its `result.suspendedUntil`, checked by hand).
          if (code === ACCOUNT_DISABLED_CODE) {
            const until = body?.result?.suspendedUntil;
            if (bearerOf(request) !== null) endDisabledSession(typeof until === 'string' ? until : undefined);
            return;
          }
          // Sign-up is not finished (a session from before the login said so, or another device's):
          // remembered, so the app shell sends the student to the wizard instead of empty screens.
          if (code === SIGN_UP_REQUIRED_CODE) {
            const sent = bearerOf(request);
            // Not when another member signed in while this call was under way.
            if (sent !== null && tokenMemberId(sent) === tokenMemberId(getAccessToken())) markSignUpPending();
            return;
          }
          // A rule of the domain refused the request (CHAT_403, MATCH_403_BLOCKED, ADMIN_403 …):
          // the token is fine, and a refresh that failed would sign the member out for nothing.
          if (typeof code === 'string' && DOMAIN_403_CODES.has(code)) return;
          // Any other 403 (no envelope, a code the contract does not know): the old API's stale token.
        }
        if ((options.context as RequestContext).skipAuthRefresh) return;
        if (state.retryCount > 0) return;
        const sent = bearerOf(request);
        const current = getAccessToken();
        // Someone else already refreshed while this request was in flight: just retry.
        if (current && sent !== current) return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
        if (!current) return;
        const token = await refreshAccessToken();
        if (token) return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
        endSession();
        return;
      },
    ],
  },
});

export type RequestOptions = Omit<Options, 'context' | 'prefixUrl'> & { context?: RequestContext };

/** Raw response of an API path; network failures become ApiError. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  try {
    return await http(apiUrl(path), options);
  } catch (error) {
    throw ApiError.network(error);
  }
}

/** Builds the ApiError for a failed response from its envelope when it has one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const envelope = readEnvelope(await response.json().catch(() => null));
  if (!envelope) return ApiError.fromStatus(response.status);
  return new ApiError(envelope.code, response.status, envelope.message, fieldErrorsOf(envelope.result));
}

/**
 * Unwraps `{ isSuccess, code, message, result }`. Returns `result` (checked with `check` when
 * given), throws ApiError when the call failed.
 */
export async function unwrap<T>(response: Response, check?: ResultCheck<T>): Promise<T> {
  if (!response.ok) throw await errorFromResponse(response.clone());
  const envelope = readEnvelope(await response.json().catch(() => null));
  if (!envelope) throw ApiError.fromStatus(500);
  if (!envelope.isSuccess) throw new ApiError(envelope.code, response.status, envelope.message);
  if (!check) return envelope.result as T;
  const result = check.safeParse(envelope.result);
  if (!result.success) throw new ApiError('COMMON500', response.status, '응답 형식이 올바르지 않아요.');
  return result.data;
}

/** JSON call → unwrapped result. */
export async function apiJson<T>(path: string, options: RequestOptions = {}, check?: ResultCheck<T>): Promise<T> {
  return unwrap(await apiFetch(path, options), check);
}

/** Plain-text call (GET /auth/uniName answers unwrapped text). */
export async function apiText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await apiFetch(path, { ...options, headers: { Accept: 'text/plain, application/json' } });
  if (!response.ok) throw await errorFromResponse(response);
  return response.text();
}
