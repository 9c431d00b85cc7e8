import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_JWT_SECRET, E2E_URL } from '../../playwright.config';
import { localSignInToken } from './local-sign-in';

export const SCREENSHOT_DIR = path.resolve('tests/e2e/screenshots');

/** Every e2e run leaves screenshots at 390×844 for people to look at (ignored by git). */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Resolves once the service worker is active and controls the page: from then on the app shell
 * and every chunk are precached, so the page reloads offline.
 */
export async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

let counter = 0;
/** A unique school e-mail per test run, so reruns against a kept DATA_DIR do not collide. */
export function uniqueEmail(prefix: string, domain = 'catholic.ac.kr'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@${domain}`;
}

/** Signs in through the server's local page exactly as a student would. */
export async function signInThroughLocalPage(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: '학교 이메일로 로그인' }).click();
  await expect(page).toHaveURL(/\/auth\/local\/authorize/);
  await page.getByLabel('학교 이메일').fill(email);
  await page.getByLabel('이름').fill(name);
  await page.getByRole('button', { name: '로그인' }).click();
}

export interface ApiMember {
  token: string;
  memberId: number;
  email: string;
}

/** A signed-up member made through the API (for tests whose subject is not the wizard). */
export async function apiMember(request: APIRequestContext, email: string, name: string, overrides: Record<string, unknown> = {}): Promise<ApiMember> {
  const token = await localSignInToken(request, E2E_URL, email, name);
  const headers = { authorization: `Bearer ${token}` };
  const colleges = (await (await request.get(`${E2E_URL}/api/colleges`, { headers })).json()).result as { id: number }[];
  const depts = (await (await request.get(`${E2E_URL}/api/colleges/${colleges[0]!.id}/departments`, { headers })).json()).result as { id: number }[];
  const res = await request.patch(`${E2E_URL}/auth/signUp/lunchChat`, {
    headers,
    data: {
      membername: name,
      studentNo: '23',
      collegeId: colleges[0]!.id,
      departmentId: depts[0]!.id,
      interests: ['STARTUP', 'HOBBY_LEISURE'],
      timeTables: [
        { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' },
        { dayOfWeek: 'TUE', startTime: '12:00', endTime: '13:00', subjectName: '' },
      ],
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const memberId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
  return { token, memberId, email };
}

/** Puts a member's access token where the PWA keeps it, before any page script runs. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('accessToken', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

/** A genuine but already expired access token, signed with the e2e server's secret. */
export async function expiredAccessToken(memberId: number, email: string): Promise<string> {
  return new SignJWT({ email, type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(memberId))
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/**
 * Delivers a push to the page's service worker through CDP (ServiceWorker.deliverPushMessage) until
 * the worker has shown a notification. Headless Chromium sometimes never dispatches a CDP push at
 * all (no notification and no toast: the worker's listener did not run; about 1 run in 4 here);
 * what the tests check is what the worker does with a push, so an undelivered one is sent again,
 * at most twice. Notifications carry a tag per type, so a late first delivery replaces the shown
 * one rather than adding a second; callers then assert exactly what is shown.
 */
export async function deliverPushUntilShown(
  page: Page,
  cdp: { send(method: 'ServiceWorker.deliverPushMessage', params: { origin: string; registrationId: string; data: string }): Promise<unknown> },
  target: { origin: string; registrationId: string },
  payload: unknown,
): Promise<void> {
  const count = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length);
  for (let attempt = 0; attempt < 3; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { ...target, data: JSON.stringify(payload) });
    const shown = await expect
      .poll(count, { timeout: 4000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
  }
}

/** Waits until the persisted query cache (IndexedDB) passes `check`: it is written about a second after the last change. */
export async function cacheSaved(page: Page, check: (text: string) => boolean) {
  await expect
    .poll(
      () =>
        page
          .evaluate(
            () =>
              new Promise<string>((resolve) => {
                const open = indexedDB.open('lunchchat-cache');
                open.onsuccess = () => {
                  const db = open.result;
                  if (!db.objectStoreNames.contains('queries')) return resolve('');
                  const all = db.transaction('queries').objectStore('queries').getAll();
                  all.onsuccess = () => resolve(JSON.stringify(all.result));
                  all.onerror = () => resolve('');
                };
                open.onerror = () => resolve('');
              }),
          )
          .then(check),
      { timeout: 10_000 },
    )
    .toBe(true);
}
