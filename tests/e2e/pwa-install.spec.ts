import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { apiMember, uniqueEmail, useToken } from './support';

test('Chromium reports no installability errors for the built app served by the server', async () => {
  // A normal (persistent) profile: Chromium never offers installation in incognito contexts.
  const profile = mkdtempSync(path.join(tmpdir(), 'lunchchat-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    viewport: { width: 390, height: 844 },
    locale: 'ko-KR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${E2E_URL}/onboarding`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as { name: string; lang: string; display: string; screenshots?: { form_factor?: string }[] };
  expect(parsed).toMatchObject({ name: '런치챗 - Lunch with Insight!', lang: 'ko', display: 'standalone' });
  expect(parsed.screenshots?.some((s) => s.form_factor === 'narrow')).toBe(true);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test("the built app's scripts and styles reach the browser compressed", async ({ page }) => {
  const files: Promise<{ name: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/^\/assets\/.+\.(js|css)$/.test(url.pathname)) return;
    files.push(response.body().then((body) => ({ name: url.pathname, encoding: response.headers()['content-encoding'], bytes: body.length })));
  });
  await page.goto('/onboarding');
  await expect(page.getByRole('button', { name: '학교 이메일로 로그인' })).toBeVisible();
  const loaded = await Promise.all(files);
  expect(loaded.find((file) => file.name.startsWith('/assets/react-'))?.encoding).toBe('br');
  // Every file of the first screen above 1 KB (the build leaves smaller ones as they are).
  expect(loaded.filter((file) => file.bytes >= 1024 && file.encoding !== 'br').map((file) => file.name)).toEqual([]);
});

test('logout wipes the persisted query cache and the chat outbox in IndexedDB', async ({ page, request }) => {
  const me = await apiMember(request, uniqueEmail('pwa-logout'), '로그아웃');
  await useToken(page, me.token);
  await page.goto('/my');
  await expect(page.getByText('로그아웃').first()).toBeVisible();
  // Something in each store: the persisted cache (written ~1 s after loading) and an outbox entry.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('lunchchat-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('messages');
        open.onsuccess = () => {
          const tx = open.result.transaction('messages', 'readwrite');
          tx.objectStore('messages').put({ clientMessageId: 'x', roomId: 1, content: '남은 메시지', createdAt: 0, order: 1, status: 'pending' }, 'x');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  const count = (db: string, store: string) =>
    page.evaluate(
      ([name, storeName]) =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open(name!);
          open.onsuccess = () => {
            if (!open.result.objectStoreNames.contains(storeName!)) return resolve(0);
            const req = open.result.transaction(storeName!).objectStore(storeName!).count();
            req.onsuccess = () => resolve(req.result);
          };
        }),
      [db, store],
    );
  await expect.poll(() => count('lunchchat-cache', 'queries')).toBe(1);
  expect(await count('lunchchat-outbox', 'messages')).toBe(1);

  await page.getByRole('button', { name: '로그아웃' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: /로그아웃|확인/ });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(page).toHaveURL(/\/onboarding/);
  await expect.poll(() => count('lunchchat-cache', 'queries')).toBe(0);
  await expect.poll(() => count('lunchchat-outbox', 'messages')).toBe(0);
});

test('the offline banner passes axe', async ({ page, request, context }) => {
  const me = await apiMember(request, uniqueEmail('pwa-axe'), '접근성');
  await useToken(page, me.token);
  await page.goto('/my');
  await expect(page.getByText('로그아웃').first()).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('오프라인 상태예요. 저장된 내용을 보여 드려요.')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-testid="offline-banner"]').analyze();
  expect(results.violations).toEqual([]);
  await context.setOffline(false);
});
