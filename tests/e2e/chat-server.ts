import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { E2E_JWT_SECRET } from '../../playwright.config';
import { localSignInToken } from './local-sign-in';

/**
 * A server process of our own, for the test that restarts the server mid-conversation (the
 * config's webServer cannot be restarted). Same command and environment as the config's, its own
 * port and data directory; `restart()` keeps the data directory, so the database survives.
 */
export class ChatTestServer {
  readonly url: string;
  readonly dataDir: string;
  private child: ChildProcess | undefined;
  private stderr = '';

  /** The server's last 20,000 characters of log (warnings and errors), for a failed test's report. */
  get log(): string {
    return this.stderr;
  }

  /** null while the process runs (or before it started); its exit code once it ended. */
  get exitCode(): number | null {
    return this.child?.exitCode ?? null;
  }

  constructor(
    readonly port: number,
    /** Extra environment, e.g. DATABASE_URL for a server on PostgreSQL. */
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://localhost:${port}`;
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'lunchchat-e2e-chat-'));
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('already running');
    this.stderr = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        STATIC_DIR: 'dist',
        DEMO_MEMBERS: '0',
        JWT_SECRET: E2E_JWT_SECRET,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-20_000);
    });
    this.child = child;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${this.stderr}`);
      try {
        const res = await fetch(`${this.url}/healthz`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`server did not come up: ${this.stderr}`);
  }

  /** SIGTERM (the server drains its sockets), then wait for the process to be gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

export interface Student {
  token: string;
  memberId: number;
  name: string;
}

/** Local sign-in and sign-up through the API, against any server. */
export async function signUpStudent(request: APIRequestContext, base: string, email: string, name: string): Promise<Student> {
  const token = await localSignInToken(request, base, email, name);
  const headers = { authorization: `Bearer ${token}` };
  const colleges = (await (await request.get(`${base}/api/colleges`, { headers })).json()).result as { id: number }[];
  const depts = (await (await request.get(`${base}/api/colleges/${colleges[0]!.id}/departments`, { headers })).json()).result as { id: number }[];
  const res = await request.patch(`${base}/auth/signUp/lunchChat`, {
    headers,
    data: {
      membername: name,
      studentNo: '23',
      collegeId: colleges[0]!.id,
      departmentId: depts[0]!.id,
      interests: ['STARTUP'],
      timeTables: [{ dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const memberId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
  return { token, memberId, name };
}

/** A requests a 런치챗, B accepts, A opens the room: what the profile screens do. */
export async function matchAndOpenRoom(request: APIRequestContext, base: string, a: Student, b: Student): Promise<number> {
  const asA = { authorization: `Bearer ${a.token}` };
  const asB = { authorization: `Bearer ${b.token}` };
  const requested = await request.post(`${base}/api/matches`, { headers: asA, data: { toMemberId: b.memberId } });
  expect(requested.status(), await requested.text()).toBe(200);
  const accepted = await request.patch(`${base}/api/matches/accept/${a.memberId}`, { headers: asB });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const opened = await request.post(`${base}/api/chatrooms?friendId=${b.memberId}`, { headers: asA });
  expect(opened.status(), await opened.text()).toBe(200);
  return ((await opened.json()) as { result: { chatRoomId: number } }).result.chatRoomId;
}

/**
 * `student` says `contents` in the room over STOMP, as the app does, without a browser: each line
 * is stored (its RECEIPT came) before the next is sent, so they keep their order. The endpoint and
 * destination are spelled as contract section 8 does, as any client outside the app would.
 */
export async function sayOverStomp(base: string, student: Student, roomId: number, contents: string[]): Promise<void> {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${base.replace(/^http/, 'ws')}/ws`),
    connectHeaders: { Authorization: `Bearer ${student.token}` },
    reconnectDelay: 0,
    debug: () => {},
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(`STOMP ERROR ${frame.headers.message}`));
    client.onWebSocketClose = () => reject(new Error('socket closed before CONNECTED'));
    client.activate();
  });
  try {
    for (const [i, content] of contents.entries()) {
      const receipt = `say-${i}`;
      const stored = new Promise<void>((resolve, reject) => {
        client.watchForReceipt(receipt, () => resolve());
        client.onStompError = (frame) => reject(new Error(`STOMP ERROR ${frame.headers.message}`));
      });
      client.publish({ destination: `/pub/chat/${roomId}`, body: JSON.stringify({ content }), headers: { receipt } });
      await stored;
    }
  } finally {
    await client.deactivate();
  }
}

/** A phone-sized context signed in as `student` (token in localStorage before any script runs). */
export async function studentContext(browser: Browser, baseURL: string, student: Student): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
  }, student.token);
  return context;
}

/**
 * What a page's sockets said, for the report of a failed test: when each opened and closed, and
 * each STOMP frame's command with its telling headers (never a body, never a token).
 */
export function recordSocketFrames(page: Page, label: string): () => string {
  const started = Date.now();
  const lines: string[] = [];
  const note = (text: string) => lines.push(`${((Date.now() - started) / 1000).toFixed(2).padStart(7)} s  ${label}  ${text}`);
  const frame = (direction: string, payload: string | Buffer) => {
    const text = payload.toString();
    if (text.trim() === '') return note(`${direction} heart-beat`);
    const [command, ...rest] = text.split('\n');
    const shown = rest.slice(0, rest.indexOf('')).filter((header) => /^(destination|receipt|receipt-id|message|code|event|client-message-id):/.test(header));
    note(`${direction} ${command} ${shown.join(' ')}`);
  };
  page.on('websocket', (ws) => {
    note(`open ${ws.url()}`);
    ws.on('framesent', (event) => frame('→', event.payload));
    ws.on('framereceived', (event) => frame('←', event.payload));
    ws.on('socketerror', (error) => note(`error ${error}`));
    ws.on('close', () => note('close'));
  });
  page.on('console', (message) => note(`console.${message.type()} ${message.text()}`));
  return () => lines.join('\n');
}
