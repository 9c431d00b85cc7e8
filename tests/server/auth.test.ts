import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig, localSignInWarning } from '../../server/config';
import { bearer, cookieValue, describeEachDatabase, JWT_SECRET, newMember, signIn, signInCode, startTestServer, validSignUpBody } from './harness';

describeEachDatabase('auth', (server) => {
  it('signs a new student in, signs them up, and shows them in /me and /mypage', async () => {
    const { app } = server();
    const first = await signIn(app, 'Kim.Lunch@Catholic.ac.kr', '김런치');
    expect(first.isNewUser).toBe(true);

    const uni = await app.inject({ url: '/auth/uniName', headers: bearer(first) });
    expect(uni.headers['content-type']).toMatch(/^text\/plain/);
    expect(uni.body).toBe('가톨릭대');

    const body = await validSignUpBody(app, first.token);
    const signUp = await app.inject({ method: 'PATCH', url: '/auth/signUp/lunchChat', headers: bearer(first), payload: body });
    expect(signUp.json()).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: '추가 회원정보 등록 완료' });

    const me = (await app.inject({ url: '/api/members/me', headers: bearer(first) })).json();
    expect(me.result).toMatchObject({
      memberName: '김런치',
      studentNo: '23',
      userInterests: ['EMPLOYMENT_CAREER', 'STARTUP'],
      timeTables: [
        { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' },
        { dayOfWeek: 'WED', startTime: '13:00', endTime: '14:00', subjectName: '' },
      ],
    });
    const mypage = (await app.inject({ url: '/api/members/mypage', headers: bearer(first) })).json();
    expect(mypage.result).toMatchObject({ name: '김런치', studentId: '23', completed: 0, requested: 0, received: 0, keywords: [] });
    expect(mypage.result.department).not.toBe('');

    // Signing in again is an existing member now.
    const second = await signIn(app, 'kim.lunch@catholic.ac.kr');
    expect(second.isNewUser).toBe(false);
    expect(second.memberId).toBe(first.memberId);
  });

  it('places students by e-mail domain', async () => {
    const { app } = server();
    for (const [email, uni] of [
      ['a@kau.kr', '한국항공대'],
      ['b@ewha.ac.kr', '이화여대'],
      ['c@ewhain.net', '이화여대'],
      ['d@gmail.com', 'UMC대'],
    ] as const) {
      const s = await signIn(app, email);
      expect((await app.inject({ url: '/auth/uniName', headers: bearer(s) })).body).toBe(uni);
    }
  });

  it('lists colleges and departments of the caller’s university only', async () => {
    const { app } = server();
    const catholic = await signIn(app, 'col@catholic.ac.kr');
    const ewha = await signIn(app, 'col@ewha.ac.kr');
    const cColleges = (await app.inject({ url: '/api/colleges', headers: bearer(catholic) })).json().result as { id: number; name: string }[];
    const eColleges = (await app.inject({ url: '/api/colleges', headers: bearer(ewha) })).json().result as { id: number; name: string }[];
    expect(cColleges.length).toBeGreaterThanOrEqual(5);
    expect(cColleges.map((c) => c.id)).not.toContain(eColleges[0]!.id);
    const own = await app.inject({ url: `/api/colleges/${cColleges[0]!.id}/departments`, headers: bearer(catholic) });
    expect(own.json().result.length).toBeGreaterThanOrEqual(3);
    const foreign = await app.inject({ url: `/api/colleges/${eColleges[0]!.id}/departments`, headers: bearer(catholic) });
    expect(foreign.json().result).toEqual([]);
    for (const id of ['0', '99999999', 'abc', '-1', '1e3']) {
      const res = await app.inject({ url: `/api/colleges/${id}/departments`, headers: bearer(catholic) });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual([]);
    }
    const tags = (await app.inject({ url: '/api/tags', headers: bearer(catholic) })).json().result;
    expect(tags.interests[0]).toEqual({ id: 1, interestType: 'EXCHANGE_STUDENT' });
    expect(tags.interests).toHaveLength(8);
  });

  describe('sign-up rules, each rejected with its code', () => {
    const slot = (dayOfWeek: string, startTime: string, endTime: string) => ({ dayOfWeek, startTime, endTime, subjectName: '' });
    const cases: [string, (b: Awaited<ReturnType<typeof validSignUpBody>>, other: { collegeId: number; departmentId: number }) => unknown, number, string][] = [
      ['blank name', (b) => ({ ...b, membername: '   ' }), 400, 'COMMON400'],
      ['name over 20 chars', (b) => ({ ...b, membername: '가'.repeat(21) }), 400, 'COMMON400'],
      ['student number of 4 digits', (b) => ({ ...b, studentNo: '2025' }), 400, 'COMMON400'],
      ['student number with letters', (b) => ({ ...b, studentNo: '2a' }), 400, 'COMMON400'],
      ['unknown college', (b) => ({ ...b, collegeId: 999999 }), 404, 'USER_404_COLLEGE'],
      ['college of another university', (b, o) => ({ ...b, collegeId: o.collegeId, departmentId: o.departmentId }), 404, 'USER_404_COLLEGE'],
      ['no department chosen (0)', (b) => ({ ...b, departmentId: 0 }), 404, 'USER_404_DEPT'],
      ['department of another college', (b, o) => ({ ...b, departmentId: o.departmentId }), 404, 'USER_404_DEPT'],
      ['no interests', (b) => ({ ...b, interests: [] }), 400, 'USER_400_INTEREST'],
      ['four interests', (b) => ({ ...b, interests: ['STARTUP', 'HOBBY_LEISURE', 'SCHOOL_LIFE', 'GPA_MANAGEMENT'] }), 400, 'USER_400_INTEREST'],
      ['unknown interest', (b) => ({ ...b, interests: ['COOKING'] }), 404, 'USER_404_INTEREST'],
      ['no slots', (b) => ({ ...b, timeTables: [] }), 400, 'TIMETABLE_400'],
      ['slot before 10:00', (b) => ({ ...b, timeTables: [slot('MON', '09:00', '10:00')] }), 400, 'TIMETABLE_400'],
      ['slot after 20:00', (b) => ({ ...b, timeTables: [slot('MON', '19:00', '21:00')] }), 400, 'TIMETABLE_400'],
      ['slot on Saturday', (b) => ({ ...b, timeTables: [slot('SAT', '12:00', '13:00')] }), 400, 'TIMETABLE_400'],
      ['slot with start after end', (b) => ({ ...b, timeTables: [slot('TUE', '14:00', '13:00')] }), 400, 'TIMETABLE_400'],
      ['slot not on the hour', (b) => ({ ...b, timeTables: [slot('TUE', '12:30', '13:30')] }), 400, 'TIMETABLE_400'],
      ['duplicate slots', (b) => ({ ...b, timeTables: [slot('TUE', '12:00', '13:00'), slot('TUE', '12:00', '13:00')] }), 400, 'TIMETABLE_400'],
      ['overlapping slots', (b) => ({ ...b, timeTables: [slot('TUE', '10:00', '12:00'), slot('TUE', '11:00', '12:00')] }), 400, 'TIMETABLE_400'],
      ['wrong types', () => ({ membername: 1, studentNo: 23, collegeId: '1', departmentId: null, interests: 'STARTUP', timeTables: {} }), 400, 'COMMON400'],
      ['not JSON at all', () => 'hello', 400, 'COMMON400'],
    ];

    it.each(cases)('%s', async (_name, mutate, status, code) => {
      const { app, database } = server();
      const session = await signIn(app, `rules-${code.toLowerCase()}-${Math.random().toString(36).slice(2)}@catholic.ac.kr`);
      const other = await signIn(app, `other-${Math.random().toString(36).slice(2)}@ewha.ac.kr`);
      const body = await validSignUpBody(app, session.token);
      const otherBody = await validSignUpBody(app, other.token);
      // "department of another college": a real department of the same university, different college.
      const colleges = (await app.inject({ url: '/api/colleges', headers: bearer(session) })).json().result as { id: number }[];
      const secondDept = (await app.inject({ url: `/api/colleges/${colleges[1]!.id}/departments`, headers: bearer(session) })).json().result[0].id;
      const payload = mutate(body, _name === 'department of another college' ? { collegeId: body.collegeId, departmentId: secondDept } : otherBody);
      const res = await app.inject({
        method: 'PATCH',
        url: '/auth/signUp/lunchChat',
        headers: { ...bearer(session), 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ isSuccess: false, code });
      expect(typeof res.json().message).toBe('string');
      // The member stays unfinished: nothing was half-written.
      const rows = await database.db.execute(sql`select status from members where id = ${session.memberId}`);
      expect((rows as unknown as { rows: { status: string }[] }).rows[0]!.status).toBe('PENDING');
    });
  });

  it('rotates the refresh token and revokes the family when an old one is reused', async () => {
    const { app } = server();
    const s = await newMember(app, 'rotate@kau.kr');
    const r1 = await app.inject({ method: 'POST', url: '/auth/reissue', cookies: { refresh: s.refresh } });
    expect(r1.statusCode).toBe(200);
    const access1 = r1.json().result.accessToken as string;
    expect(r1.headers.access).toBe(access1);
    const refresh2 = cookieValue(r1.headers['set-cookie'], 'refresh')!;
    expect(refresh2).not.toBe(s.refresh);
    expect((await app.inject({ url: '/api/members/me', headers: { authorization: `Bearer ${access1}` } })).statusCode).toBe(200);

    // The old token again: theft is assumed, the whole family dies.
    const reuse = await app.inject({ method: 'POST', url: '/auth/reissue', cookies: { refresh: s.refresh } });
    expect(reuse.statusCode).toBe(403);
    expect(reuse.json().code).toBe('REFRESH_403');
    const afterReuse = await app.inject({ method: 'POST', url: '/auth/reissue', cookies: { refresh: refresh2 } });
    expect(afterReuse.statusCode).toBe(403);
    expect(afterReuse.json().code).toBe('REFRESH_403');
  });

  it('answers refresh problems with their codes', async () => {
    const { app } = server();
    expect((await app.inject({ method: 'POST', url: '/auth/reissue' })).json().code).toBe('REFRESH_400');
    const unknown = await app.inject({ method: 'POST', url: '/auth/reissue', cookies: { refresh: 'nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('REFRESH_401');
  });

  it('logs out: the refresh token no longer works', async () => {
    const { app } = server();
    const s = await newMember(app, 'logout@catholic.ac.kr');
    const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(s), cookies: { refresh: s.refresh } });
    expect(out.json().result).toBe('로그아웃 완료');
    expect(String(out.headers['set-cookie'])).toMatch(/refresh=;/);
    const again = await app.inject({ method: 'POST', url: '/auth/reissue', cookies: { refresh: s.refresh } });
    expect(again.statusCode).toBeGreaterThanOrEqual(401);
  });

  it('rejects missing, forged, malformed and expired access tokens with 401', async () => {
    const { app } = server();
    const s = await newMember(app, 'tokens@catholic.ac.kr');
    const none = await app.inject({ url: '/api/members/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('JWT_401');

    const forged = await new SignJWT({ email: s.email, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.memberId))
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const f = await app.inject({ url: '/api/members/me', headers: { authorization: `Bearer ${forged}` } });
    expect(f.statusCode).toBe(401);
    expect(f.json().code).toBe('TOKEN_401_ACCESS_MALFORMED');

    const garbage = await app.inject({ url: '/api/members/me', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(garbage.json().code).toBe('TOKEN_401_ACCESS_MALFORMED');

    const expired = await new SignJWT({ email: s.email, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.memberId))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const e = await app.inject({ url: '/api/members/me', headers: { authorization: `Bearer ${expired}` } });
    expect(e.statusCode).toBe(401);
    expect(e.json().code).toBe('TOKEN_401_ACCESS_EXPIRED');

    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(s.memberId), email: s.email, type: 'access', exp: 9999999999 })).toString('base64url')}.`;
    expect((await app.inject({ url: '/api/members/me', headers: { authorization: `Bearer ${noneAlg}` } })).statusCode).toBe(401);
  });

  it('spends a sign-in code once and refuses it after 60 seconds', async () => {
    const { app, database } = server();
    const { code, cookies } = await signInCode(app, 'once@kau.kr', '한번');
    const login = (c: string, cookie: Record<string, string>) =>
      app.inject({ url: `/auth/login/google?code=${c}`, cookies: cookie, headers: { accept: 'application/json' } });
    expect((await login(code, cookies)).statusCode).toBe(200);
    const replay = await login(code, cookies);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().isSuccess).toBe(false);

    const late = await signInCode(app, 'late@kau.kr', 'late');
    await database.db.execute(sql`update auth_codes set expires_at = now() - interval '1 second'`);
    expect((await login(late.code, late.cookies)).statusCode).toBe(400);
    expect((await app.inject({ url: '/auth/login/google', headers: { accept: 'application/json' } })).json().code).toBe('COMMON400');
  });

  it('login CSRF: a code reaches an account only in the browser whose state cookie started the sign-in', async () => {
    const { app } = server();
    // The attacker signs in as far as a code and sends the victim a link with it.
    const attacker = await signInCode(app, 'attacker@kau.kr', '공격자');
    const link = await app.inject({ url: `/auth/login/google?code=${attacker.code}`, headers: { accept: 'application/json' } });
    expect(link.statusCode).toBe(400);
    expect(link.json().code).toBe('AUTH_400_CODE');
    expect(link.headers.access).toBeUndefined();
    // The victim's own cookie for another code does not help either.
    const victim = await signInCode(app, 'victim@kau.kr', '피해자');
    const mixed = await app.inject({ url: `/auth/login/google?code=${attacker.code}`, cookies: victim.cookies, headers: { accept: 'application/json' } });
    expect(mixed.statusCode).toBe(400);
    // The refused attempts did not spend the attacker's code: the refusal happens before the exchange.
    expect(
      (await app.inject({ url: `/auth/login/google?code=${attacker.code}`, cookies: attacker.cookies, headers: { accept: 'application/json' } })).statusCode,
    ).toBe(200);

    // A callback link without the state cookie (the victim never started a sign-in) carries no code on.
    const noCookie = await app.inject({ url: '/auth/callback/google?code=abc&state=s1' });
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toBe('/auth/login/google?state=s1');
    expect(cookieValue(noCookie.headers['set-cookie'], 'oauth_code')).toBeUndefined();
    const emptyState = await app.inject({ url: '/auth/callback/google?code=abc&state=', cookies: { oauth_state: '' } });
    expect(emptyState.headers.location).toBe('/auth/login/google');
  });

  it('refuses every redirect target of the local sign-in that a browser would read as another site', async () => {
    const { app } = server();
    const postForm = (uri: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/local/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: new URLSearchParams({ email: 'redir@kau.kr', name: '리다이렉트', redirect_uri: uri, state: 'x' }).toString(),
      });
    const hostile = [
      '//evil.example',
      '/.//evil.example',
      '/\\evil.example',
      '/\tevil',
      '/\n/evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      '///evil.example',
      'http://user@localhost/x',
      '/..//evil.example',
    ];
    for (const uri of hostile) {
      const page = await app.inject({ url: `/auth/local/authorize?${new URLSearchParams({ redirect_uri: uri, state: 'x' })}`, headers: { host: 'localhost' } });
      expect(page.statusCode, uri).toBe(400);
      const post = await postForm(uri);
      expect(post.statusCode, uri).toBe(400);
      expect(post.headers.location, uri).toBeUndefined();
    }
    // What stays allowed: a path here, and this origin spelled out.
    for (const uri of ['/auth/callback/google', 'http://localhost/auth/callback/google']) {
      const post = await postForm(uri);
      expect(post.statusCode, uri).toBe(302);
      expect(String(post.headers.location)).toMatch(/^\/auth\/callback\/google\?code=/);
    }
  });

  it('serves the local sign-in form and refuses foreign redirect targets', async () => {
    const { app } = server();
    const page = await app.inject({ url: '/auth/local/authorize?redirect_uri=%2Fauth%2Fcallback%2Fgoogle&state=x', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="email"');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const evil = await app.inject({ url: '/auth/local/authorize?redirect_uri=https%3A%2F%2Fevil.example%2Fx&state=x', headers: { host: 'localhost' } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().code).toBe('COMMON400');
    const bad = await app.inject({
      method: 'POST',
      url: '/auth/local/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: 'email=not-an-email&name=x&redirect_uri=%2Fauth%2Fcallback%2Fgoogle&state=',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('학교 이메일 형식이 아니에요.');
  });

  it('forwards the IdP callback to the PWA route and drops a code whose state does not match', async () => {
    const { app } = server();
    const ok = await app.inject({ url: '/auth/callback/google?code=abc&state=s1', cookies: { oauth_state: 's1' } });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/auth/login/google?code=abc&state=s1');
    expect(cookieValue(ok.headers['set-cookie'], 'oauth_code')).toMatch(/^[0-9a-f]{64}$/);
    const forged = await app.inject({ url: '/auth/callback/google?code=abc&state=evil', cookies: { oauth_state: 's1' } });
    expect(forged.headers.location).toBe('/auth/login/google?state=evil');
  });
});

describe('configuration', () => {
  it('keeps the local sign-in off in production unless LOCAL_SIGNIN=1', async () => {
    const prod = await startTestServer('pglite', { NODE_ENV: 'production', PUBLIC_URL: 'https://lunchchat.example' });
    try {
      expect((await prod.app.inject({ url: '/auth/local/authorize?redirect_uri=%2F&state=' })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: '/auth/authorize' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    const enabled = await startTestServer('pglite', { NODE_ENV: 'production', PUBLIC_URL: 'https://lunchchat.example', LOCAL_SIGNIN: '1' });
    try {
      expect((await enabled.app.inject({ url: '/auth/local/authorize?redirect_uri=%2F&state=' })).statusCode).toBe(200);
    } finally {
      await enabled.close();
    }
  });

  it('refuses to start in production without a JWT secret, with a readable message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(() => loadConfig({ PGLITE_WASM_TIER: 'fast' })).toThrow(/PGLITE_WASM_TIER/);
    expect(loadConfig({}).PGLITE_WASM_TIER).toBe('lazy');
  });

  it('refuses to start in production without PUBLIC_URL (absolute URLs never come from the Host header)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET, PUBLIC_URL: 'https://lunchchat.example' }).production).toBe(true);
  });

  it('with the local sign-in on, listens on 127.0.0.1 unless HOST is set on purpose', () => {
    // No Google: the local page is on, so the server keeps to this machine.
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({}).loopbackOnly).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).loopbackOnly).toBe(false);
    // Google configured and no local page: every interface, as before.
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...google, LOCAL_SIGNIN: '1' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET, PUBLIC_URL: 'https://x.example', ...google }).HOST).toBe('0.0.0.0');
  });

  it('warns that the local sign-in page is reachable from the network only when HOST is not a loopback address', () => {
    const network = /reachable from the network/;
    // Unset HOST, or a loopback HOST set on purpose: this machine only.
    for (const HOST of [undefined, '127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST']) {
      const config = loadConfig(HOST === undefined ? {} : { HOST });
      expect(localSignInWarning(config), String(HOST)).not.toMatch(network);
      expect(localSignInWarning(config), String(HOST)).toContain(`listening on ${config.HOST} only`);
    }
    for (const HOST of ['0.0.0.0', '::', '192.168.0.10', '128.0.0.1', 'localhost.example.com']) {
      expect(localSignInWarning(loadConfig({ HOST })), HOST).toMatch(network);
    }
    // No local page, no warning.
    expect(localSignInWarning(loadConfig({ HOST: '0.0.0.0', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }))).toBeUndefined();
  });
});

describe('one origin for the PWA and the API', () => {
  it('gives a navigation to /auth/login/google the app shell and the fetch JSON', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lc-static-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>런치챗</title><div id="root"></div>');
    const s = await startTestServer('pglite', { STATIC_DIR: dir });
    try {
      const nav = await s.app.inject({ url: '/auth/login/google?code=x', headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
      expect(nav.statusCode).toBe(200);
      expect(nav.body).toContain('<div id="root">');
      const api = await s.app.inject({ url: '/auth/login/google?code=x', headers: { accept: 'application/json' } });
      expect(api.json().isSuccess).toBe(false);
      const deep = await s.app.inject({ url: '/profile/12', headers: { accept: 'text/html' } });
      expect(deep.body).toContain('<div id="root">');
      expect(deep.headers['x-content-type-options']).toBe('nosniff');
      const missingApi = await s.app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
      expect(missingApi.statusCode).toBe(404);
      expect(missingApi.json().code).toBe('COMMON404');
      const missingAsset = await s.app.inject({ url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);
      // A new build copied over the old one is served without a restart.
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>런치챗</title><div id="root" data-build="2"></div>');
      const { utimesSync } = await import('node:fs');
      utimesSync(path.join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
      mkdirSync(path.join(dir, 'assets'), { recursive: true });
      writeFileSync(path.join(dir, 'assets', 'new-abc123.js'), 'console.log(1)');
      expect((await s.app.inject({ url: '/', headers: { accept: 'text/html' } })).body).toContain('data-build="2"');
      const asset = await s.app.inject({ url: '/assets/new-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const ready = await s.app.inject({ url: '/readyz' });
      expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok' });
    } finally {
      await s.close();
    }
  });
  it("sends the build's precompressed copy to a browser that accepts it, with the original's type and caching", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lc-static-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>런치챗</title><div id="root"></div>');
    mkdirSync(path.join(dir, 'assets'));
    const source = `export const text = ${JSON.stringify('런치챗 '.repeat(400))};`;
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), source);
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(source));
    const s = await startTestServer('pglite', { STATIC_DIR: dir });
    try {
      const br = await s.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);
      const gz = await s.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(source);
      const plain = await s.app.inject({ url: '/assets/app-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
    } finally {
      await s.close();
    }
  });
});
