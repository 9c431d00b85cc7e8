import { http as mswHttp, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { getUniversityName } from '../../src/entities/campus';
import { getAccessToken, setAccessToken } from '../../src/lib/auth';
import { ApiError, apiJson, errorText } from '../../src/lib/http';
import { fail, makeJwt, ok } from './support/helpers';
import { server } from './support/msw-server';

const ORIGIN = window.location.origin;

describe('API client', () => {
  it('sends the stored access token as a bearer header and unwraps the envelope', async () => {
    const token = makeJwt(3600);
    setAccessToken(token);
    let seen: string | null = null;
    server.use(
      mswHttp.get(`${ORIGIN}/api/colleges`, ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json(ok([{ id: 1, name: '공과대학' }]));
      }),
    );
    await expect(apiJson('/api/colleges')).resolves.toEqual([{ id: 1, name: '공과대학' }]);
    expect(seen).toBe(`Bearer ${token}`);
  });

  it('turns an error envelope into ApiError with code, status, Korean message and field errors', async () => {
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.patch(`${ORIGIN}/auth/signUp/lunchChat`, () =>
        HttpResponse.json(fail('COMMON400', '요청 값이 올바르지 않아요.', { studentNo: '학번은 입학년도 끝 두 자리만 작성해주세요.' }), {
          status: 400,
        }),
      ),
    );
    const error = await apiJson('/auth/signUp/lunchChat', { method: 'patch', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'COMMON400',
      status: 400,
      message: '요청 값이 올바르지 않아요.',
      fieldErrors: { studentNo: '학번은 입학년도 끝 두 자리만 작성해주세요.' },
    });
    // What the student is told: the field's own message says more than the envelope's.
    expect(errorText(error, '저장하지 못했어요')).toBe('학번은 입학년도 끝 두 자리만 작성해주세요.');
    expect(errorText(new ApiError('COMMON409', 409, '이미 처리된 요청이에요.'), '저장하지 못했어요')).toBe('이미 처리된 요청이에요.');
    expect(errorText(new TypeError('x is undefined'), '저장하지 못했어요')).toBe('저장하지 못했어요');
  });

  it('concurrent 401s share ONE refresh and each request is retried once with the new token', async () => {
    const stale = makeJwt(-10);
    const fresh = makeJwt(3600, '1');
    setAccessToken(stale);
    let reissues = 0;
    const hits: Record<string, string[]> = {};
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, async () => {
        reissues += 1;
        await delay(30);
        return HttpResponse.json(ok({ accessToken: fresh }));
      }),
      mswHttp.get(`${ORIGIN}/api/things/:id`, ({ request, params }) => {
        const id = String(params.id);
        const auth = request.headers.get('authorization') ?? '';
        (hits[id] ??= []).push(auth);
        if (auth !== `Bearer ${fresh}`) {
          return HttpResponse.json(fail('TOKEN_401_ACCESS_EXPIRED', '로그인이 만료되었어요.'), { status: 401 });
        }
        return HttpResponse.json(ok({ id }));
      }),
    );

    const results = await Promise.all(['a', 'b', 'c'].map((id) => apiJson(`/api/things/${id}`)));

    expect(results).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(reissues).toBe(1);
    for (const id of ['a', 'b', 'c']) expect(hits[id]).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
    expect(getAccessToken()).toBe(fresh);
  });

  // A domain 403 answers the request itself (a rule: a block, a room one may not enter, an
  // operator-only page): a new token would be refused the same way, and a failed refresh would sign
  // a member out for no reason.
  it.each([
    ['CHAT_403', '이 채팅방에 접근할 수 없어요.'],
    ['MATCH_403_BLOCKED', '이 회원에게는 런치챗을 요청할 수 없어요.'],
    ['MEETUP_403', '이 약속에 접근할 수 없어요.'],
    ['ADMIN_403', '운영자만 사용할 수 있어요.'],
    ['AUTH_403_SIGNUP', '회원가입을 마친 뒤에 이용할 수 있어요.'],
    ['FILE_403', '업로드 주소가 올바르지 않거나 만료되었어요.'],
  ])('a domain 403 (%s) fails as it is: no refresh, no retry, still signed in', async (code, message) => {
    const token = makeJwt(3600);
    setAccessToken(token);
    let reissues = 0;
    let calls = 0;
    server.use(
      // Were it asked, the refresh would fail and end the session.
      mswHttp.post(`${ORIGIN}/auth/reissue`, () => {
        reissues += 1;
        return HttpResponse.json(fail('REFRESH_401', '로그인 정보가 올바르지 않아요. 다시 로그인해 주세요.'), { status: 401 });
      }),
      mswHttp.get(`${ORIGIN}/api/things`, () => {
        calls += 1;
        return HttpResponse.json(fail(code, message), { status: 403 });
      }),
    );
    await expect(apiJson('/api/things')).rejects.toMatchObject({ code, status: 403, message });
    expect(reissues).toBe(0);
    expect(calls).toBe(1);
    expect(getAccessToken()).toBe(token);
  });

  it("a 403 with a code the contract does not know (the old API's stale token) refreshes, and is not retried twice", async () => {
    setAccessToken(makeJwt(3600));
    let reissues = 0;
    let calls = 0;
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, () => {
        reissues += 1;
        return HttpResponse.json(ok({ accessToken: makeJwt(3600, '2') }));
      }),
      mswHttp.get(`${ORIGIN}/api/chatrooms`, () => {
        calls += 1;
        return HttpResponse.json(fail('JWT_403', '접근 권한이 없어요.'), { status: 403 });
      }),
    );
    await expect(apiJson('/api/chatrooms')).rejects.toMatchObject({ code: 'JWT_403', status: 403 });
    expect(reissues).toBe(1);
    expect(calls).toBe(2);
  });

  it('a 403 without an envelope (a proxy, the old API) refreshes once and retries with the new token', async () => {
    const fresh = makeJwt(3600, '3');
    setAccessToken(makeJwt(3600));
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, () => HttpResponse.json(ok({ accessToken: fresh }))),
      mswHttp.get(`${ORIGIN}/api/colleges`, ({ request }) =>
        request.headers.get('authorization') === `Bearer ${fresh}` ? HttpResponse.json(ok([])) : new HttpResponse('Forbidden', { status: 403 }),
      ),
    );
    await expect(apiJson('/api/colleges')).resolves.toEqual([]);
    expect(getAccessToken()).toBe(fresh);
  });

  it('when the refresh fails, the token is cleared and the request fails', async () => {
    setAccessToken(makeJwt(-10));
    let calls = 0;
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, () =>
        HttpResponse.json(fail('REFRESH_401', '로그인 정보가 올바르지 않아요. 다시 로그인해 주세요.'), { status: 401 }),
      ),
      mswHttp.get(`${ORIGIN}/api/members/mypage`, () => {
        calls += 1;
        return HttpResponse.json(fail('TOKEN_401_ACCESS_EXPIRED', '로그인이 만료되었어요.'), { status: 401 });
      }),
    );
    await expect(apiJson('/api/members/mypage')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  it('a network failure while refreshing after a 401 also ends the session', async () => {
    setAccessToken(makeJwt(-10));
    server.use(
      mswHttp.post(`${ORIGIN}/auth/reissue`, () => HttpResponse.error()),
      mswHttp.get(`${ORIGIN}/api/members/mypage`, () => HttpResponse.json(fail('TOKEN_401_ACCESS_EXPIRED', '로그인이 만료되었어요.'), { status: 401 })),
    );
    await expect(apiJson('/api/members/mypage')).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
  });

  it('reads GET /auth/uniName as plain text', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/auth/uniName`, () => HttpResponse.text('가톨릭대')));
    await expect(getUniversityName()).resolves.toBe('가톨릭대');
  });

  it('also accepts a wrapped university name', async () => {
    setAccessToken(makeJwt(3600));
    server.use(mswHttp.get(`${ORIGIN}/auth/uniName`, () => HttpResponse.json(ok('이화여대'))));
    await expect(getUniversityName()).resolves.toBe('이화여대');
  });

  it('a network error becomes ApiError NETWORK', async () => {
    server.use(mswHttp.get(`${ORIGIN}/api/colleges`, () => HttpResponse.error()));
    await expect(apiJson('/api/colleges')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });
});
