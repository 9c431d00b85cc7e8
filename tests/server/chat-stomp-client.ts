import { Client, type IFrame, type IMessage, type StompSubscription } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { STOMP_ENDPOINT, STOMP_HEADERS } from '../../contract/stomp';

/** Listens on an ephemeral loopback port (once per app) and returns the STOMP URL. */
export async function stompUrl(app: FastifyInstance): Promise<string> {
  let address = app.server.address();
  if (address === null) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    address = app.server.address();
  }
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}${STOMP_ENDPOINT}`;
}

export async function waitUntil(condition: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A real @stomp/stompjs client in Node, recording what it gets. */
export class ChatClient {
  readonly client: Client;
  /** Chat Messages (MESSAGE frames without an `event` header). */
  readonly messages: IMessage[] = [];
  /** Section 17 events (`event:read`, `event:typing`, `event:room`), in arrival order. */
  readonly events: IMessage[] = [];
  readonly errors: IFrame[] = [];
  readonly receipts: string[] = [];
  closed = false;
  private seq = 0;
  private readonly subscriptions = new Map<string, StompSubscription>();

  constructor(url: string, connectHeaders: Record<string, string>, heartbeat = 0) {
    this.client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders,
      reconnectDelay: 0,
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      debug: () => {},
    });
    this.client.onStompError = (frame) => this.errors.push(frame);
    this.client.onWebSocketClose = () => (this.closed = true);
    this.client.onUnhandledReceipt = (frame) => this.receipts.push(frame.headers['receipt-id']!);
  }

  static async connect(url: string, token: string | Record<string, string>, heartbeat = 0): Promise<ChatClient> {
    const headers = typeof token === 'string' ? { Authorization: `Bearer ${token}` } : token;
    const c = new ChatClient(url, headers, heartbeat);
    await new Promise<void>((resolve, reject) => {
      c.client.onConnect = () => resolve();
      c.client.onStompError = (frame) => {
        c.errors.push(frame);
        reject(new Error(`ERROR ${frame.headers.message}`));
      };
      c.client.onWebSocketClose = () => {
        c.closed = true;
        reject(new Error('socket closed before CONNECTED'));
      };
      c.client.activate();
    });
    c.client.onStompError = (frame) => c.errors.push(frame);
    c.client.onWebSocketClose = () => (c.closed = true);
    return c;
  }

  /** Connects expecting a refusal; returns the ERROR frame. */
  static async refused(url: string, headers: Record<string, string>): Promise<{ error: IFrame; client: ChatClient }> {
    const c = new ChatClient(url, headers);
    c.client.activate();
    await waitUntil(() => c.errors.length > 0, 3000, 'ERROR frame');
    await waitUntil(() => c.closed, 3000, 'socket close');
    await c.client.deactivate();
    return { error: c.errors[0]!, client: c };
  }

  /** SUBSCRIBE and wait for its RECEIPT, so the subscription is live when this resolves. */
  async subscribe(destination: string): Promise<void> {
    const receipt = `sub-${++this.seq}`;
    const done = this.receiptOrError(receipt);
    this.subscriptions.set(
      destination,
      this.client.subscribe(destination, (message) => this.record(message), { receipt }),
    );
    await done;
  }

  /** UNSUBSCRIBE what `subscribe(destination)` subscribed and wait for its RECEIPT. */
  async unsubscribe(destination: string): Promise<void> {
    const receipt = `unsub-${++this.seq}`;
    const done = this.receiptOrError(receipt);
    this.subscriptions.get(destination)?.unsubscribe({ receipt });
    this.subscriptions.delete(destination);
    await done;
  }

  /** SUBSCRIBE expecting a refusal; returns the ERROR frame. */
  async subscribeRefused(destination: string): Promise<IFrame> {
    const before = this.errors.length;
    this.client.subscribe(destination, (message) => this.record(message));
    await waitUntil(() => this.errors.length > before, 3000, 'ERROR frame');
    return this.errors[before]!;
  }

  /** SEND with a receipt; resolves when the RECEIPT arrives, rejects on ERROR. */
  async send(destination: string, body: string, headers: Record<string, string> = {}): Promise<void> {
    const receipt = `send-${++this.seq}`;
    const done = this.receiptOrError(receipt);
    this.client.publish({ destination, body, headers: { ...headers, receipt } });
    await done;
  }

  /** SEND expecting a refusal; returns the ERROR frame. */
  async sendRefused(destination: string, body: string, headers: Record<string, string> = {}): Promise<IFrame> {
    const before = this.errors.length;
    this.client.publish({ destination, body, headers: { ...headers, receipt: `bad-${++this.seq}` } });
    await waitUntil(() => this.errors.length > before, 3000, 'ERROR frame');
    return this.errors[before]!;
  }

  private receiptOrError(receipt: string): Promise<void> {
    const errorsBefore = this.errors.length;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      this.client.watchForReceipt(receipt, () => {
        settled = true;
        resolve();
      });
      const poll = setInterval(() => {
        if (settled) return clearInterval(poll);
        if (this.errors.length > errorsBefore) {
          clearInterval(poll);
          reject(new Error(`ERROR ${this.errors[errorsBefore]!.headers.message}`));
        } else if (this.closed) {
          clearInterval(poll);
          reject(new Error('socket closed'));
        }
      }, 2);
    });
  }

  private record(message: IMessage): void {
    if (message.headers[STOMP_HEADERS.event] !== undefined) this.events.push(message);
    else this.messages.push(message);
  }

  /** The bodies of the events named `name` (read, typing, room). */
  eventBodies(name: string): unknown[] {
    return this.events.filter((m) => m.headers[STOMP_HEADERS.event] === name).map((m) => JSON.parse(m.body));
  }

  bodies(): unknown[] {
    return this.messages.map((m) => JSON.parse(m.body));
  }

  async close(): Promise<void> {
    await this.client.deactivate();
  }
}
