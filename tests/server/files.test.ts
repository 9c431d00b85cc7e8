import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_DEFAULT_PROFILE_IMAGES, MAX_UPLOAD_BYTES } from '../../contract/files';
import { sniffImageType } from '../../server/modules/files/storage';
import { seedDemoMembers } from '../../server/seed/demo-members';
import { call, describeApi, email, type ApiServer } from './api-harness';
import { FakeS3 } from './fake-s3';
import { newMember, startTestServer, type Session } from './harness';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 3)]);

async function issue(s: ApiServer, who: Session, fileName: string) {
  const res = await call(s.app, who.token, 'POST', '/api/aws/presigned-url', { fileName });
  expect(res.status, fileName).toBe(200);
  return res.body.result as { presignedUrl: string; s3Url: string };
}

function put(s: ApiServer, url: string, payload: Buffer, contentType = 'image/png') {
  return s.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload });
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('image type sniffing', () => {
  it('knows the four image types by their first bytes and nothing else', () => {
    expect([PNG, JPEG, GIF, WEBP].map((b) => sniffImageType(b))).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    for (const other of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('%PDF-1.7'), Buffer.alloc(0), Buffer.from('RIFF0000WAVE')]) {
      expect(sniffImageType(other)).toBeUndefined();
    }
  });
});

describeApi('files, local storage (contract section 11)', (server) => {
  it('issues a signed PUT URL; the uploaded file is served immutable with its own type and becomes the profile image', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    const { presignedUrl, s3Url } = await issue(s, me, 'my photo.PNG');
    expect(presignedUrl).toMatch(/^http:\/\/localhost(:80)?\/files\/upload\/profile\/[0-9a-f-]{36}\.png\?member=\d+&expires=\d+&signature=[\w-]{43}$/);
    expect(s3Url).toMatch(/^http:\/\/localhost(:80)?\/files\/profile\/[0-9a-f-]{36}\.png$/);
    const expires = Number(new URL(presignedUrl).searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(290);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300);

    const up = await put(s, pathOf(presignedUrl), PNG);
    expect(up.statusCode).toBe(200);
    const file = await s.app.inject({ url: pathOf(s3Url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // Stored under DATA_DIR/uploads.
    expect(readFileSync(path.join(s.dataDir, 'uploads', new URL(s3Url).pathname.replace('/files/', ''))).equals(PNG)).toBe(true);

    const patch = await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url });
    expect(patch.body.result).toBe('PROFILE_IMAGE_UPDATE_SUCCESS');
    expect((await call(s.app, me.token, 'GET', '/api/members/mypage')).body.result.profileImageUrl).toBe(s3Url);
  });

  it('a spoofed Host header gets no URLs on that host, and such a URL is never a profile image', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    const res = await call(s.app, me.token, 'POST', '/api/aws/presigned-url', { fileName: 'a.png' }, { host: 'evil.example' });
    expect(res.status).toBe(200);
    const { presignedUrl, s3Url } = res.body.result as { presignedUrl: string; s3Url: string };
    expect(new URL(presignedUrl).hostname).toBe('localhost');
    expect(new URL(s3Url).hostname).toBe('localhost');
    expect((await put(s, pathOf(presignedUrl), PNG)).statusCode).toBe(200);
    const evil = s3Url.replace(/^http:\/\/localhost(:\d+)?/, 'http://evil.example');
    const patch = await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: evil }, { host: 'evil.example' });
    expect(patch.status).toBe(400);
    expect((await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url })).status).toBe(200);
  });

  it('the existing client’s three default images are accepted and become images this server serves', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    for (const [i, legacy] of LEGACY_DEFAULT_PROFILE_IMAGES.entries()) {
      const patch = await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: legacy });
      expect([patch.status, patch.body.result], legacy).toEqual([200, 'PROFILE_IMAGE_UPDATE_SUCCESS']);
      const shown = (await call(s.app, me.token, 'GET', '/api/members/mypage')).body.result.profileImageUrl as string;
      expect(new URL(shown).pathname).toBe(`/files/defaults/profile-${i + 1}.png`);
      const image = await s.app.inject({ url: new URL(shown).pathname });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(sniffImageType(image.rawPayload)).toBe('image/png');
      // Our own default URL may be set again as it is.
      expect((await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: shown })).status).toBe(200);
    }
    // Only those three: another image of that bucket, or a look-alike, is still refused.
    for (const other of [
      LEGACY_DEFAULT_PROFILE_IMAGES[0].replace('profile-1', 'profile-4'),
      'https://lunchchat-images.s3.ap-northeast-2.amazonaws.com/profile-images/x.png',
    ]) {
      expect((await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: other })).status, other).toBe(400);
    }
    expect((await s.app.inject({ url: '/files/defaults/profile-4.png' })).statusCode).toBe(404);
  });

  it('a name without extension takes its type from the bytes; every image type works', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    for (const [name, bytes, type] of [
      ['photo', WEBP, 'image/webp'],
      ['a.gif', GIF, 'image/gif'],
      ['b.jpeg', JPEG, 'image/jpeg'],
      ['c', JPEG, 'application/octet-stream'],
    ] as const) {
      const { presignedUrl, s3Url } = await issue(s, me, name);
      expect((await put(s, pathOf(presignedUrl), bytes, type)).statusCode, name).toBe(200);
      const served = await s.app.inject({ url: pathOf(s3Url) });
      expect(served.headers['content-type']).toBe(sniffImageType(bytes));
    }
  });

  it('refuses what is not an image, a type that does not match, too large bodies, and bad names', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    for (const [name, bytes, type] of [
      ['x.png', JPEG, 'image/png'],
      ['x.png', PNG, 'image/jpeg'],
      ['x', Buffer.from('<svg/>'), 'image/svg+xml'],
      ['x', Buffer.from('hello'), 'text/plain'],
      ['x', Buffer.alloc(0), 'image/png'],
      ['x', PNG, 'text/html'],
    ] as const) {
      const { presignedUrl } = await issue(s, me, name);
      const res = await put(s, pathOf(presignedUrl), bytes, type);
      expect([res.statusCode, res.json().code], `${name} ${type}`).toEqual([400, 'FILE_400']);
    }
    const { presignedUrl } = await issue(s, me, 'big.png');
    const big = await put(s, pathOf(presignedUrl), Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]));
    expect([big.statusCode, big.json().code]).toEqual([413, 'COMMON413']);
    // Exactly 5 MiB is fine.
    const { presignedUrl: okUrl } = await issue(s, me, 'max.png');
    expect((await put(s, pathOf(okUrl), Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]))).statusCode).toBe(200);
    for (const [fileName, code] of [
      ['x.heic', 'FILE_400'],
      ['x.svg', 'FILE_400'],
      ['', 'COMMON400'],
      ['a'.repeat(201), 'COMMON400'],
      [42, 'COMMON400'],
      ['a\u0000.png', 'COMMON400'],
    ] as const) {
      const res = await call(s.app, me.token, 'POST', '/api/aws/presigned-url', { fileName });
      expect([res.status, res.body.code], String(fileName)).toEqual([400, code]);
    }
  });

  it('an upload URL is single use, bound to its member, key and expiry', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    const { presignedUrl } = await issue(s, me, 'a.png');
    const u = new URL(presignedUrl);
    const tamper = (k: string, v: string) => {
      const t = new URL(u);
      t.searchParams.set(k, v);
      return pathOf(t.toString());
    };
    const other = await newMember(s.app, email());
    const otherUrl = new URL((await issue(s, other, 'b.png')).presignedUrl);
    for (const url of [
      tamper('member', String(other.memberId)),
      tamper('expires', String(Number(u.searchParams.get('expires')) + 100)),
      tamper('expires', String(Math.floor(Date.now() / 1000) - 1)),
      tamper('signature', 'A'.repeat(43)),
      tamper('signature', ''),
      // Another key with this URL's signature.
      `${otherUrl.pathname}${u.search}`,
      `${u.pathname}`,
      '/files/upload/profile/..%2F..%2Fetc%2Fpasswd?member=1&expires=9999999999&signature=x',
    ]) {
      const res = await put(s, url, PNG);
      expect([res.statusCode, res.json().code], url).toEqual([403, 'FILE_403']);
    }
    expect((await put(s, pathOf(presignedUrl), PNG)).statusCode).toBe(200);
    const again = await put(s, pathOf(presignedUrl), JPEG, 'image/jpeg');
    expect([again.statusCode, again.json().code]).toEqual([403, 'FILE_403']);
  });

  it('unknown and not-yet-uploaded files are 404', async () => {
    const s = server();
    const me = await newMember(s.app, email());
    const { s3Url } = await issue(s, me, 'later.png');
    for (const url of [pathOf(s3Url), '/files/profile/00000000-0000-0000-0000-000000000000.png', '/files/profile/..%2Fsecret', '/files/other/x.png']) {
      const res = await s.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'COMMON404' });
    }
  });
});

describe('files, S3-compatible storage', () => {
  // The bucket is a fake on loopback; its address is known once it listens, before the app starts.
  const s3 = new FakeS3();
  const env: Record<string, string> = {
    S3_BUCKET: 'lunchchat-profiles',
    S3_REGION: 'ap-northeast-2',
    S3_ACCESS_KEY_ID: 'AKIDTEST',
    S3_SECRET_ACCESS_KEY: 'secret-test-key',
    S3_PUBLIC_URL: 'https://cdn.example.test/',
  };
  beforeAll(async () => {
    env.S3_ENDPOINT = (await s3.start()).url;
  });
  afterAll(() => s3.close());

  const putToBucket = (presignedUrl: string, body: Buffer, contentType: string) =>
    fetch(presignedUrl, { method: 'PUT', headers: { 'content-type': contentType }, body });

  describeApi(
    'pre-signed PUT, then the file is checked by its bytes before it becomes a profile image',
    (server) => {
      it('issues a real pre-signed PUT with the content type signed, valid for 5 minutes', async () => {
        const s = server();
        const me = await newMember(s.app, email());
        const { presignedUrl, s3Url } = await issue(s, me, 'me.webp');
        const u = new URL(presignedUrl);
        expect(u.origin).toBe(s3.url);
        expect(u.pathname).toMatch(/^\/lunchchat-profiles\/profile\/[0-9a-f-]{36}\.webp$/);
        expect(u.searchParams.get('X-Amz-Expires')).toBe('300');
        expect(u.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
        expect(u.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDTEST\/\d{8}\/ap-northeast-2\/s3\/aws4_request$/);
        expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        expect(s3Url).toBe(`https://cdn.example.test/${u.pathname.replace('/lunchchat-profiles/', '')}`);
        // The type is signed, so it has to be known from the name.
        const noType = await call(s.app, me.token, 'POST', '/api/aws/presigned-url', { fileName: 'photo' });
        expect([noType.status, noType.body.code]).toEqual([400, 'FILE_400']);
        // No local upload route with S3.
        expect((await s.app.inject({ method: 'PUT', url: '/files/upload/profile/x.png', payload: PNG })).statusCode).toBe(404);
      });

      it('accepts the image only once it is in the bucket, and only for the member it was issued to', async () => {
        const s = server();
        const me = await newMember(s.app, email());
        const { presignedUrl, s3Url } = await issue(s, me, 'me.webp');
        const early = await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url });
        expect([early.status, early.body.code]).toEqual([400, 'FILE_400']);
        expect(early.body.result.profileImageUrl).toContain('아직');

        expect((await putToBucket(presignedUrl, WEBP, 'image/webp')).status).toBe(200);
        const other = await newMember(s.app, email());
        expect((await call(s.app, other.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url })).body.code).toBe('FILE_400');
        expect((await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url })).status).toBe(200);
        expect((await call(s.app, me.token, 'GET', '/api/members/mypage')).body.result.profileImageUrl).toBe(s3Url);
        // Checked once: using it again does not ask the bucket again.
        const asked = s3.calls.length;
        expect((await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url })).status).toBe(200);
        expect(s3.calls.length).toBe(asked);
      });

      it('refuses and deletes a file that is not the promised image or is over 5 MiB', async () => {
        const s = server();
        const me = await newMember(s.app, email());
        const cases: [string, Buffer, string][] = [
          ['fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
          ['jpeg-named.png', JPEG, 'image/png'],
          ['huge.png', Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]), 'image/png'],
        ];
        for (const [name, body, type] of cases) {
          const { presignedUrl, s3Url } = await issue(s, me, name);
          expect((await putToBucket(presignedUrl, body, type)).status, name).toBe(200);
          const key = new URL(presignedUrl).pathname;
          const refused = await call(s.app, me.token, 'PATCH', '/api/members/profile-image', { profileImageUrl: s3Url });
          expect([refused.status, refused.body.code], name).toEqual([400, 'FILE_400']);
          expect(s3.objects.has(key), name).toBe(false);
        }
        expect((await call(s.app, me.token, 'GET', '/api/members/mypage')).body.result.profileImageUrl).toBeNull();
      });
    },
    env,
  );
});

describeApi(
  'upload URLs are rate limited per member',
  (server) => {
    it('answers 429 COMMON429 beyond the limit', async () => {
      const s = server();
      const me = await newMember(s.app, email());
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await call(s.app, me.token, 'POST', '/api/aws/presigned-url', { fileName: 'a.png' })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await call(s.app, me.token, 'POST', '/api/aws/presigned-url', { fileName: 'a.png' });
      expect(res.body.code).toBe('COMMON429');
    });
  },
  { RATE_LIMIT_UPLOADS: '2' },
);

describe('demo students', () => {
  it('get one of the three default images (cards never show an empty square), also when seeded earlier without', async () => {
    const s = await startTestServer('pglite');
    try {
      await seedDemoMembers(s.database.db, { count: 6 });
      await seedDemoMembers(s.database.db, { count: 6, imageOrigin: 'http://localhost:8080' });
      const rows = (await s.database.db.execute(sql`select profile_image_url as url from members where email like 'demo-%'`)) as unknown as {
        rows: { url: string | null }[];
      };
      expect(rows.rows).toHaveLength(6);
      for (const { url } of rows.rows) expect(url).toMatch(/^http:\/\/localhost:8080\/files\/defaults\/profile-[123]\.png$/);
    } finally {
      await s.close();
    }
  });
});
