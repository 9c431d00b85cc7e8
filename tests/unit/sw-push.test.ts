import { describe, expect, it } from 'vitest';
import { clickTarget, notificationFor, parsePushPayload, safeUrl, shownInVisibleRoom } from '../../sw/push';
import { isRuntimeImage, NAVIGATION_DENYLIST } from '../../sw/strategies';
import { isOutdatedCache } from '../../sw/version';

const ORIGIN = 'https://lunch.example';
const fcm = {
  data: {
    title: '런치챗 요청',
    body: '민수님이 런치챗을 요청했어요!',
    type: 'MATCH_REQUEST',
    senderId: '12',
    senderMembername: '민수',
    url: '/matching?selectTab=RECEIVED',
  },
  from: '1234',
  fcmMessageId: 'abc',
  priority: 'high',
};

describe('push payload → notification (pure functions used by the push listener)', () => {
  it('reads the FCM web envelope { data: {...} }', () => {
    expect(parsePushPayload(fcm, ORIGIN)).toEqual({ ...fcm.data, senderId: '12' });
  });

  it('accepts a bare data object and its JSON text', () => {
    expect(parsePushPayload(fcm.data, ORIGIN)?.title).toBe('런치챗 요청');
    expect(parsePushPayload(JSON.stringify(fcm), ORIGIN)?.url).toBe('/matching?selectTab=RECEIVED');
  });

  it('falls back to a notification block and to plain text', () => {
    expect(parsePushPayload({ notification: { title: 'T', body: 'B' } }, ORIGIN)).toMatchObject({ title: 'T', body: 'B', url: '/' });
    expect(parsePushPayload('hello', ORIGIN)).toMatchObject({ title: '런치챗', body: 'hello' });
  });

  it('ignores empty or unusable payloads', () => {
    expect(parsePushPayload(null, ORIGIN)).toBeNull();
    expect(parsePushPayload({ data: {} }, ORIGIN)).toBeNull();
    expect(parsePushPayload('  ', ORIGIN)).toBeNull();
    expect(parsePushPayload([1, 2], ORIGIN)).toBeNull();
  });

  it('never sends a click to another origin or a script url', () => {
    expect(safeUrl('https://evil.example/x', ORIGIN)).toBe('/');
    expect(safeUrl('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(safeUrl(`${ORIGIN}/chatting/3?a=1#m`, ORIGIN)).toBe('/chatting/3?a=1#m');
    expect(parsePushPayload({ ...fcm.data, url: '//evil.example/' }, ORIGIN)?.url).toBe('/');
  });

  it('builds the notification: icon, badge, tag per type, data.url', () => {
    const message = parsePushPayload(fcm, ORIGIN)!;
    const { title, options } = notificationFor(message);
    expect(title).toBe('런치챗 요청');
    expect(options).toMatchObject({
      body: '민수님이 런치챗을 요청했어요!',
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      tag: 'lunchchat-MATCH_REQUEST',
      data: { url: '/matching?selectTab=RECEIVED', type: 'MATCH_REQUEST', senderId: '12' },
    });
  });
});

describe('notification click target (pure function used by the notificationclick listener)', () => {
  const data = { url: '/matching?selectTab=ACCEPTED' };
  it('opens a window when none is open', () => {
    expect(clickTarget(data, [], ORIGIN)).toEqual({ action: 'open', url: '/matching?selectTab=ACCEPTED' });
  });

  it('focuses a window already on the url without navigating it', () => {
    const other = { url: `${ORIGIN}/`, focused: true };
    const exact = { url: `${ORIGIN}/matching?selectTab=ACCEPTED` };
    expect(clickTarget(data, [other, exact], ORIGIN)).toEqual({ action: 'focus', client: exact, url: data.url, navigate: false });
  });

  it('prefers the focused, then the visible window, and navigates it', () => {
    const hidden = { url: `${ORIGIN}/my`, visibilityState: 'hidden' };
    const visible = { url: `${ORIGIN}/explore`, visibilityState: 'visible' };
    const focused = { url: `${ORIGIN}/chatting`, focused: true };
    expect(clickTarget(data, [hidden, visible, focused], ORIGIN)).toMatchObject({ client: focused, navigate: true });
    expect(clickTarget(data, [hidden, visible], ORIGIN)).toMatchObject({ client: visible, navigate: true });
    expect(clickTarget(data, [hidden], ORIGIN)).toMatchObject({ client: hidden, navigate: true });
  });

  it('ignores windows of other origins and bad data', () => {
    expect(clickTarget(null, [{ url: 'https://other.example/' }], ORIGIN)).toEqual({ action: 'open', url: '/' });
  });
});

describe('worker routing rules', () => {
  const req = (method: string, destination: string) => ({ method, destination }) as unknown as Request;
  it('runtime-caches profile images and the mentor banners only (never the API)', () => {
    const check = (href: string, method = 'GET', destination = 'image') => {
      const url = new URL(href);
      return isRuntimeImage({ request: req(method, destination), url, sameOrigin: url.origin === ORIGIN });
    };
    expect(check(`${ORIGIN}/files/profile/1.png`)).toBe(true);
    expect(check('https://bucket.s3.ap-northeast-2.amazonaws.com/p/1.jpg')).toBe(true);
    expect(check(`${ORIGIN}/files/upload/abc`, 'PUT', '')).toBe(false);
    expect(check(`${ORIGIN}/api/members/me`, 'GET', '')).toBe(false);
    expect(check(`${ORIGIN}/images/mentor-catholic.webp`)).toBe(true);
    expect(check(`${ORIGIN}/pwa-192x192.png`)).toBe(false);
    expect(check('https://cdn.example/x.png')).toBe(false);
  });

  it('keeps server-only paths out of the app-shell fallback', () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));
    for (const path of ['/api/x', '/auth/authorize', '/auth/local/authorize', '/auth/callback/google', '/files/a', '/ws', '/healthz']) {
      expect(denied(path), path).toBe(true);
    }
    for (const path of ['/', '/chatting/1', '/auth/login/google', '/profile/3']) expect(denied(path), path).toBe(false);
  });

  it('deletes caches of other versions only', () => {
    const keep = ['workbox-precache-v2-https://x/', 'lunchchat-images-v1'];
    expect(isOutdatedCache('lunchchat-images-v0', keep)).toBe(true);
    expect(isOutdatedCache('workbox-runtime-https://x/', keep)).toBe(true);
    expect(isOutdatedCache('lunchchat-images-v1', keep)).toBe(false);
    expect(isOutdatedCache('workbox-precache-v2-https://x/', keep)).toBe(false);
    expect(isOutdatedCache('someone-else', keep)).toBe(false);
  });
});

describe('chat push for the room on screen (contract section 17)', () => {
  const origin = 'https://lunchchat.example';
  it('is silenced only when a visible window shows that very room', () => {
    const message = { url: '/chatting/7' };
    expect(shownInVisibleRoom(message, [{ url: `${origin}/chatting/7`, visibilityState: 'visible' }], origin)).toBe(true);
    expect(shownInVisibleRoom(message, [{ url: `${origin}/chatting/7`, visibilityState: 'hidden' }], origin)).toBe(false);
    expect(shownInVisibleRoom(message, [{ url: `${origin}/chatting/8`, visibilityState: 'visible' }], origin)).toBe(false);
    expect(shownInVisibleRoom(message, [{ url: `${origin}/chatting`, visibilityState: 'visible' }], origin)).toBe(false);
    expect(shownInVisibleRoom({ url: '/matching' }, [{ url: `${origin}/matching`, visibilityState: 'visible' }], origin)).toBe(false);
    expect(shownInVisibleRoom(message, [], origin)).toBe(false);
  });
});
