import { inspect } from 'node:util';
import websocket from '@fastify/websocket';
import { Client, type IFrame, type IStompSocket, type StompConfig } from '@stomp/stompjs';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { ROOM_PUBLISH_RE, ROOM_TOPIC_RE, STOMP_ENDPOINT, roomTopic } from '../../../contract/stomp';
import {
  FrameParser,
  RECOMMENDED_WS_MAX_PAYLOAD,
  StompRejection,
  bearerToken,
  createStompServer,
  type AuthResult,
  type SendFrame,
  type StompFrame,
  type StompServer,
  type StompServerOptions,
} from '../../../server/stomp';

export interface Principal {
  id: number;
  name: string;
}

/** Tokens the fake authenticate hook accepts; expiring ones get their lifetime at CONNECT time. */
export const TOKENS: Record<string, { principal: Principal; lifetimeMs?: number }> = {
  'token-alice': { principal: { id: 1, name: 'alice' } },
  'token-bob': { principal: { id: 2, name: 'bob' } },
  'token-short': { principal: { id: 3, name: 'carol' }, lifetimeMs: 250 },
};

/** room id → member ids, for the fake authorizeSubscribe hook. */
const ROOMS: Record<string, number[]> = { '1': [1, 2, 3], '2': [2], '3': [1], '4': [1] };

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg?: string;
}

export async function waitUntil(condition: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export interface Harness {
  url: string;
  stomp: StompServer;
  sendCalls: Array<{ principal: Principal; frame: SendFrame }>;
  disconnects: Principal[];
  logs: LogEntry[];
  /** Replace to change what happens to a SEND after it has been recorded. */
  storeAndBroadcast: (principal: Principal, frame: SendFrame) => Promise<void>;
  close(): Promise<void>;
}

/** A real Fastify app with @fastify/websocket on an ephemeral port, mounting the STOMP server with fake hooks. */
export async function startHarness(options: Partial<StompServerOptions<Principal>> = {}): Promise<Harness> {
  const logs: LogEntry[] = [];
  const logger = {
    info: (obj: object, msg?: string) => logs.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg?: string) => logs.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => logs.push({ level: 'error', obj, msg }),
  };
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: RECOMMENDED_WS_MAX_PAYLOAD } });

  const harness: Harness = {
    url: '',
    stomp: undefined as unknown as StompServer,
    sendCalls: [],
    disconnects: [],
    logs,
    storeAndBroadcast: async (principal, frame) => {
      const roomId = ROOM_PUBLISH_RE.exec(frame.destination)?.[1];
      if (roomId === undefined) throw new StompRejection('unknown destination');
      const { content } = JSON.parse(frame.body) as { content: string };
      if (content === 'reject') throw new StompRejection('bad message', { headers: { code: 'CHAT_400' } });
      if (content === 'crash') throw new Error('database down');
      harness.stomp.publish(roomTopic(roomId), JSON.stringify({ senderId: principal.id, content }), {
        'content-type': 'application/json',
      });
    },
    close: async () => {
      await harness.stomp.closeAll('test over');
      await app.close();
    },
  };

  harness.stomp = createStompServer<Principal>({
    async authenticate(headers): Promise<AuthResult<Principal>> {
      const entry = TOKENS[bearerToken(headers) ?? ''];
      if (!entry) throw new StompRejection('unauthorized', { headers: { code: 'JWT_401' } });
      return entry.lifetimeMs === undefined ? { principal: entry.principal } : { principal: entry.principal, expiresAt: Date.now() + entry.lifetimeMs };
    },
    async authorizeSubscribe(principal, destination) {
      const roomId = ROOM_TOPIC_RE.exec(destination)?.[1];
      if (roomId === undefined || !ROOMS[roomId]?.includes(principal.id)) {
        throw new StompRejection('forbidden', { headers: { code: 'CHAT_403' } });
      }
    },
    async onSend(principal, frame) {
      harness.sendCalls.push({ principal, frame });
      await harness.storeAndBroadcast(principal, frame);
    },
    onDisconnect(principal) {
      harness.disconnects.push(principal);
    },
    logger,
    ...options,
  });

  app.get(STOMP_ENDPOINT, { websocket: true }, (socket, request) => harness.stomp.handleConnection(socket, request));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  harness.url = `ws://127.0.0.1:${address.port}${STOMP_ENDPOINT}`;
  return harness;
}

/** Everything the harness logged, as text, to check that secrets never reach the logs. */
export function logText(harness: Harness): string {
  return inspect(harness.logs, { depth: 8 });
}

/** A bare WebSocket speaking hand-written STOMP, for input a well-behaved client never sends. */
export class RawClient {
  readonly frames: StompFrame[] = [];
  /** Arrival times of messages that were nothing but EOLs: the server's heart-beats. */
  readonly heartBeatTimes: number[] = [];
  closed: { code: number; at: number } | undefined;
  private readonly parser = new FrameParser({ maxFrameBytes: 16 * 1024 * 1024 });

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
      if (/^(\r?\n)+$/.test(text)) this.heartBeatTimes.push(Date.now());
      for (const frame of this.parser.feed(data)) this.frames.push(frame);
    });
    ws.on('close', (code: number) => (this.closed = { code, at: Date.now() }));
  }

  static open(url: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new RawClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** Sends CONNECT and waits for CONNECTED (or fails with the ERROR's message). */
  async connect(token = 'token-alice', extra = ''): Promise<StompFrame> {
    this.send(`CONNECT\naccept-version:1.2\nhost:lunchchat\nauthorization:Bearer ${token}\n${extra}\n\0`);
    const frame = await this.waitForFrame((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
    if (frame.command === 'ERROR') throw new Error(`ERROR ${frame.headers.message}`);
    return frame;
  }

  async waitForFrame(match: (frame: StompFrame) => boolean, timeoutMs = 3000): Promise<StompFrame> {
    let found: StompFrame | undefined;
    await waitUntil(() => (found = this.frames.find(match)) !== undefined, timeoutMs, 'a matching frame');
    return found!;
  }

  waitForError(timeoutMs = 3000): Promise<StompFrame> {
    return this.waitForFrame((f) => f.command === 'ERROR', timeoutMs);
  }

  async waitForClose(timeoutMs = 3000): Promise<{ code: number; at: number }> {
    await waitUntil(() => this.closed !== undefined, timeoutMs, 'the socket to close');
    return this.closed!;
  }

  get heartBeats(): number {
    return this.heartBeatTimes.length;
  }

  commands(): string[] {
    return this.frames.map((f) => f.command);
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}

/** A real @stomp/stompjs Client with what a test needs to observe. */
export class StompClient {
  readonly client: Client;
  readonly errors: IFrame[] = [];
  closed = false;
  private connectedFrame: IFrame | undefined;

  constructor(url: string, config: Partial<StompConfig> = {}) {
    this.client = new Client({
      webSocketFactory: () => new WebSocket(url) as unknown as IStompSocket,
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
      ...config,
      onConnect: (frame) => (this.connectedFrame = frame),
      onStompError: (frame) => this.errors.push(frame),
      onWebSocketClose: () => (this.closed = true),
    });
  }

  static async connect(url: string, token: string, config: Partial<StompConfig> = {}): Promise<StompClient> {
    const c = new StompClient(url, { connectHeaders: { Authorization: `Bearer ${token}` }, ...config });
    c.client.activate();
    await waitUntil(() => c.connectedFrame !== undefined || c.closed, 3000, 'CONNECTED');
    if (!c.connectedFrame) throw new Error(`not connected: ${c.errors[0]?.headers.message ?? 'closed'}`);
    return c;
  }

  get connected(): IFrame | undefined {
    return this.connectedFrame;
  }

  async waitForError(): Promise<IFrame> {
    await waitUntil(() => this.errors.length > 0, 3000, 'an ERROR frame');
    return this.errors[0]!;
  }

  waitForClose(): Promise<void> {
    return waitUntil(() => this.closed, 3000, 'the socket to close');
  }

  /** Resolves when the RECEIPT for `receipt` arrives. */
  receipt(receipt: string): Promise<IFrame> {
    return new Promise((resolve) => this.client.watchForReceipt(receipt, resolve));
  }

  async stop(): Promise<void> {
    await this.client.deactivate({ force: true });
  }
}
