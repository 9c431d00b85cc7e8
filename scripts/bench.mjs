#!/usr/bin/env node
// `npm run bench`: every bench/*.ts in turn; each prints JSON lines. Not a test: targets are reported, not asserted.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const scripts = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let status = 0;
for (const file of scripts) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) {
    status = 1;
    console.log(JSON.stringify({ bench: file, error: `exited with ${r.status}` }));
  }
}
process.exit(status);
