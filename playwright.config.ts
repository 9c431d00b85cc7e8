import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The e2e server: the real `npm start` server on the real build, with its own throwaway data. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8188);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
/** The operator of the e2e server (contract section 16): tests/e2e/admin.spec.ts signs in as it. */
export const E2E_OPERATOR_EMAIL = 'e2e-operator@umc.example';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'lunchchat-e2e-'));

if (!existsSync('dist/index.html')) {
  throw new Error('dist/ is missing: run `npm run build` first (npm test does this for you).');
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: E2E_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npm run serve --silent',
    url: `${E2E_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      STATIC_DIR: 'dist',
      DEMO_MEMBERS: '120',
      JWT_SECRET: E2E_JWT_SECRET,
      ADMIN_EMAILS: E2E_OPERATOR_EMAIL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // tests/e2e/meetups.spec.ts moves the meetup rules' clock past a meetup's end (refused in production).
      MEETUP_TEST_CLOCK: '1',
    },
  },
});
