import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/** Sends raw bytes to the listening server and returns what comes back until it closes. */
function raw(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
}

function parsed(response: string): { status: number; type: string; body: { isSuccess: boolean; code: string; message: string } } {
  const [head, ...rest] = response.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
  const type = /content-type: ([^\r\n]+)/i.exec(head ?? '')?.[1] ?? '';
  return { status, type, body: JSON.parse(rest.join('\r\n\r\n')) };
}

/** Errors Node's HTTP parser raises before Fastify routes anything (contract section 1's wrapper still). */
describe('parser-level errors answer in the contract envelope', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('a URL over 16 KB: 431 with a Korean message', async () => {
    const res = parsed(await raw(port, `GET /api/members/me?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ isSuccess: false, code: 'COMMON431' });
    expect(res.body.message).toMatch(/[가-힣]/);
  });

  it('headers over 16 KB: 431', async () => {
    const res = parsed(await raw(port, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(res.body.code).toBe('COMMON431');
  });

  it('a bad content-length, a broken request line and a bad chunk: 400 COMMON400', async () => {
    for (const request of [
      'POST /api/matches HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/matches HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'GARBAGE\r\n\r\n',
      'POST /api/matches HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ]) {
      const res = parsed(await raw(port, request));
      expect(res.status, request).toBe(400);
      expect(res.body, request).toMatchObject({ isSuccess: false, code: 'COMMON400' });
      expect(res.body.message).toMatch(/[가-힣]/);
    }
  });
});
