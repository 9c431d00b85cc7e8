import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { signUpStudent, studentContext } from './chat-server';
import { shoot, uniqueEmail, workerReady } from './support';

/*
 * A deploy in place: the app runs from build 1 (dist/, version "dev"); a second build (version 2)
 * replaces the served files; registration.update() finds the new worker, which waits: the page
 * offers 새 버전이 있어요 and keeps running build 1 until the user taps 새로고침, then reloads once
 * into build 2. Its own server, serving a copy of dist/, so dist/ is never touched.
 */
const PORT = 8196;
const BASE = `http://localhost:${PORT}`;

let served: string;
let next: string;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  served = mkdtempSync(path.join(tmpdir(), 'lunchchat-update-served-'));
  next = mkdtempSync(path.join(tmpdir(), 'lunchchat-update-v2-'));
  cpSync('dist', served, { recursive: true });
  const build = spawnSync('npx', ['vite', 'build', '--outDir', next, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, VITE_APP_VERSION: '2' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lunchchat-update-data-')),
      STATIC_DIR: served,
      DEMO_MEMBERS: '0',
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('update server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  for (const dir of [served, next]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a new version waits for 새로고침, then the page reloads once into it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const student = await signUpStudent(request, BASE, uniqueEmail('pwa-update'), '업데이트');
  const context = await studentContext(browser, BASE, student);
  const page = await context.newPage();
  await page.goto('/my');
  await workerReady(page);
  // A poll that lands during the reload sees no page yet: that reads as "not this version".
  const version = () => page.evaluate(() => document.documentElement.dataset.appVersion).catch(() => undefined);
  const workerVersion = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event: MessageEvent<{ version: string }>) => resolve(event.data.version);
          navigator.serviceWorker.controller!.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
        }),
    );
  expect(await version()).toBe('dev');
  expect(await workerVersion()).toBe('dev');

  // Deploy build 2 in place.
  for (const entry of readdirSync(served)) rmSync(path.join(served, entry), { recursive: true, force: true });
  cpSync(next, served, { recursive: true });

  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration!.update();
  });
  const prompt = page.getByRole('status').filter({ hasText: '새 버전이 있어요' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // It waits for a tap: meanwhile the header (back, the title) stays free, as under the other toasts.
  const header = (await page.locator('header').boundingBox())!;
  expect((await prompt.boundingBox())!.y, 'the prompt starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
  await shoot(page, 'pwa-update-prompt');
  // No silent half-update: the old build still runs and still controls the page.
  expect(await version()).toBe('dev');
  expect(await workerVersion()).toBe('dev');
  expect(navigations).toBe(0);

  await prompt.getByRole('button', { name: '새로고침' }).click();
  await expect.poll(version, { timeout: 20_000 }).toBe('2');
  expect(await workerVersion()).toBe('2');
  await expect(page.getByText('새 버전이 있어요')).toBeHidden();
  await page.waitForTimeout(1500);
  expect(navigations).toBe(1);
  await context.close();
});
