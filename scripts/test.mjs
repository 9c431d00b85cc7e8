#!/usr/bin/env node
// `npm test`: unit + server (PGlite, and PostgreSQL when reachable) + real-browser end-to-end.
// Ends with one plain line "N passed, N failed" so any CI can read the outcome.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const out = mkdtempSync(path.join(tmpdir(), 'lunchchat-test-'));
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

function reachable(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.setTimeout(1000);
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const postgres = await reachable(5432);
const redis = await reachable(6379);
console.log(`\n[test] PostgreSQL ${postgres ? 'reachable: server suites run on PGlite and PostgreSQL' : 'not reachable: server suites run on PGlite only'}`);
console.log(`[test] Redis ${redis ? 'reachable: cross-instance fan-out test runs' : 'not reachable: cross-instance fan-out test not registered'}\n`);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`[test] ${chromium} is missing: install Debian's chromium (apt-get install -y chromium); .ci/run does this.`);
  process.exit(1);
}

const vitestJson = path.join(out, 'vitest.json');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  TEST_POSTGRES: postgres ? '1' : '0',
  TEST_REDIS: redis ? '1' : '0',
});

const buildStatus = run('npx', ['vite', 'build', '--logLevel', 'warn']);
const e2eJson = path.join(out, 'e2e.json');
const e2eStatus = buildStatus === 0 ? run('npx', ['playwright', 'test'], { E2E_JSON: e2eJson, TEST_POSTGRES: postgres ? '1' : '0' }) : 1;

let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
} else failed += 1;
if (existsSync(e2eJson)) {
  const e = JSON.parse(readFileSync(e2eJson, 'utf8'));
  passed += e.stats.expected;
  failed += e.stats.unexpected + (e.stats.flaky ?? 0);
} else failed += 1;
if (buildStatus !== 0) failed += 1;
// A runner that crashed without reporting a failed test still fails the run.
if ((vitestStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitestStatus === 0 && e2eStatus === 0 ? 0 : 1);
