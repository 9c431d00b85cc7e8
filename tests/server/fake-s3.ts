import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * The few S3 calls the server makes (path style, on loopback): PUT from the client's pre-signed
 * URL, then HEAD, ranged GET and DELETE from the server. Signatures are not checked here (the
 * pre-signed URL itself is checked elsewhere); what the server does with the bytes is the subject.
 */
export class FakeS3 {
  readonly objects = new Map<string, StoredObject>();
  readonly calls: string[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; headers: Record<string, string>; body?: Buffer }> {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    this.calls.push(`${req.method} ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const found = this.objects.get(key);
    const meta = (o: StoredObject) => ({ 'content-type': o.contentType, etag: '"fake"', 'last-modified': new Date().toUTCString() });
    switch (req.method) {
      case 'PUT':
        this.objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type'] ?? '') });
        return { status: 200, headers: { etag: '"fake"' } };
      case 'HEAD':
        return found ? { status: 200, headers: { ...meta(found), 'content-length': String(found.body.length) } } : { status: 404, headers: {} };
      case 'GET': {
        if (!found) return { status: 404, headers: { 'content-type': 'application/xml' }, body: Buffer.from('<Error><Code>NoSuchKey</Code></Error>') };
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (!range) return { status: 200, headers: { ...meta(found), 'content-length': String(found.body.length) }, body: found.body };
        const part = found.body.subarray(Number(range[1]), Number(range[2]) + 1);
        return {
          status: 206,
          headers: {
            ...meta(found),
            'content-length': String(part.length),
            'content-range': `bytes ${range[1]}-${Number(range[1]) + part.length - 1}/${found.body.length}`,
          },
          body: part,
        };
      }
      case 'DELETE':
        this.objects.delete(key);
        return { status: 204, headers: {} };
      default:
        return { status: 405, headers: {} };
    }
  }
}
