// For the live benches (the leading underscore keeps `npm run bench` from running it alone): the
// node flags a server child runs with, and @stomp/stompjs clients as the PWA holds them (bench/chat.ts
// and bench/load.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { STOMP_HEADERS } from '../contract/stomp';

/**
 * The node flags `npm run serve` (and so `npm start`) gives the server, read from package.json:
 * the memory figure is the deployed server's. BENCH_NODE_FLAGS replaces them for experiments.
 * `packageJson`: another checkout's (bench/chat.ts's BENCH_BEFORE_17), whose serve script ran the
 * server under tsx (`node --max-semi-space-size=2 --import tsx server/index.ts`): every word between
 * `node` and the script, so `--import tsx` with it.
 */
export function serveNodeFlags(packageJson?: URL): string[] {
  if (!packageJson && process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  const pkg = JSON.parse(readFileSync(packageJson ?? new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  // `npm run build:server && exec node <flags> dist-server/index.mjs`: the shell hands its
  // process to node, so signals reach the server.
  const words = pkg.scripts
    .serve!.split('&&')
    .pop()!
    .trim()
    .split(/\s+/)
    .filter((word, i) => !(i === 0 && word === 'exec'));
  if (words[0] !== 'node') throw new Error(`unexpected serve script: ${pkg.scripts.serve}`);
  return words.slice(1, -1);
}

/** Resolves once CONNECTED; `connectHeaders` as the server wants them (ours: `Authorization: Bearer …`). */
export function connect(url: string, connectHeaders: Record<string, string>, heartbeat = 10_000): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders,
      reconnectDelay: 0,
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      debug: () => {},
    });
    client.onConnect = () => resolve(client);
    client.onStompError = (frame) => reject(new Error(`ERROR ${frame.headers.message}`));
    client.onWebSocketClose = () => reject(new Error('closed before CONNECTED'));
    client.activate();
  });
}

/** `event` is the MESSAGE's `event` header (section 17), undefined for a chat Message. */
export function subscribed(client: Client, destination: string, onMessage: (body: string, event: string | undefined) => void): Promise<void> {
  return new Promise((resolve) => {
    const receipt = `r-${randomBytes(4).toString('hex')}`;
    client.watchForReceipt(receipt, () => resolve());
    client.subscribe(destination, (m) => onMessage(m.body, m.headers[STOMP_HEADERS.event]), { receipt });
  });
}

/**
 * One JSON line per measurement, for the live benches: the machine's load average on every line
 * says how much the figures can be trusted, and a PGlite line names the durability it ran with.
 */
export function jsonLines(bench: string): (record: Record<string, unknown>) => void {
  return (record) =>
    console.log(
      JSON.stringify({
        bench,
        ...record,
        ...(record.db === 'pglite' ? { pgliteDurability: process.env.BENCH_PGLITE_DURABILITY ?? 'full' } : {}),
        loadAvg1m: Math.round(loadavg()[0]! * 10) / 10,
        cpus: cpus().length,
      }),
    );
}
