import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES } from '../../../contract/stomp';
import { FrameParser, StompProtocolError, serializeFrame, type StompFrame } from '../../../server/stomp';
import { messageFrames } from '../../../server/stomp/frame';

function parseAll(parser: FrameParser, ...chunks: Array<string | Buffer>): StompFrame[] {
  const out: StompFrame[] = [];
  for (const chunk of chunks) for (const frame of parser.feed(chunk)) out.push(frame);
  return out;
}

function parseError(...chunks: Array<string | Buffer>): StompProtocolError {
  const parser = new FrameParser();
  try {
    parseAll(parser, ...chunks);
  } catch (err) {
    expect(err).toBeInstanceOf(StompProtocolError);
    return err as StompProtocolError;
  }
  throw new Error('expected a StompProtocolError');
}

const plain = (frame: StompFrame) => ({ command: frame.command, headers: { ...frame.headers }, body: frame.body.toString() });

describe('FrameParser', () => {
  it('parses a NUL-terminated frame', () => {
    const [frame, ...rest] = parseAll(new FrameParser(), 'SEND\ndestination:/pub/chat/1\n\n{"content":"hi"}\0');
    expect(rest).toEqual([]);
    expect(plain(frame!)).toEqual({
      command: 'SEND',
      headers: { destination: '/pub/chat/1' },
      body: '{"content":"hi"}',
    });
  });

  it('honours content-length, so the body may contain NUL', () => {
    const body = Buffer.from('a\0b\0c');
    const frames = parseAll(
      new FrameParser(),
      Buffer.concat([Buffer.from(`SEND\ndestination:/x\ncontent-length:${body.length}\n\n`), body, Buffer.from('\0')]),
    );
    expect(frames).toHaveLength(1);
    expect(frames[0]!.body.equals(body)).toBe(true);
  });

  it('rejects a content-length frame whose body is not followed by NUL', () => {
    expect(parseError('SEND\ncontent-length:2\n\nabc\0').message).toBe('frame is not terminated by NUL');
    expect(parseError('SEND\ncontent-length:-1\n\n\0').message).toBe('invalid content-length');
  });

  it('accepts CRLF line endings', () => {
    const [frame] = parseAll(new FrameParser(), 'SUBSCRIBE\r\nid:0\r\ndestination:/sub/rooms/1\r\n\r\n\0');
    expect(plain(frame!)).toEqual({ command: 'SUBSCRIBE', headers: { id: '0', destination: '/sub/rooms/1' }, body: '' });
  });

  it('skips heart-beat EOLs between frames and returns several frames from one chunk', () => {
    const frames = parseAll(new FrameParser(), '\n\r\n\nSEND\ndestination:/a\n\none\0\n\nSEND\ndestination:/b\n\ntwo\0\r\n', '\n');
    expect(frames.map(plain)).toEqual([
      { command: 'SEND', headers: { destination: '/a' }, body: 'one' },
      { command: 'SEND', headers: { destination: '/b' }, body: 'two' },
    ]);
  });

  it('reassembles frames fed one byte at a time, including multi-byte UTF-8 split across chunks', () => {
    const wire = Buffer.concat([
      serializeFrame({ command: 'SEND', headers: { destination: '/pub/chat/1', note: '점심:먹자' }, body: '안녕하세요' }),
      Buffer.from('\n'),
      Buffer.from('SEND\ndestination:/pub/chat/2\n\n밥\0'),
    ]);
    const parser = new FrameParser();
    const frames: StompFrame[] = [];
    for (let i = 0; i < wire.length; i++) {
      for (const frame of parser.feed(wire.subarray(i, i + 1))) frames.push(frame);
    }
    expect(frames.map(plain)).toEqual([
      {
        command: 'SEND',
        headers: { destination: '/pub/chat/1', note: '점심:먹자', 'content-length': String(Buffer.byteLength('안녕하세요')) },
        body: '안녕하세요',
      },
      { command: 'SEND', headers: { destination: '/pub/chat/2' }, body: '밥' },
    ]);
    expect(parser.bufferedBytes).toBe(0);
  });

  it('keeps the first of repeated headers', () => {
    const [frame] = parseAll(new FrameParser(), 'MESSAGE\nfoo:World\nfoo:Hello\n\n\0');
    expect(frame!.headers.foo).toBe('World');
  });

  it('treats odd header names as plain keys', () => {
    const [frame] = parseAll(new FrameParser(), 'SEND\n__proto__:x\nconstructor:y\n\n\0');
    expect(frame!.headers['__proto__']).toBe('x');
    expect(frame!.headers['constructor']).toBe('y');
    expect(Object.getPrototypeOf(frame!.headers)).toBeNull();
  });

  it('unescapes headers except in CONNECT frames', () => {
    const [send] = parseAll(new FrameParser(), 'SEND\na\\cb:x\\ny\\rz\\\\w\\c\n\n\0');
    expect({ ...send!.headers }).toEqual({ 'a:b': 'x\ny\rz\\w:' });
    const [connect] = parseAll(new FrameParser(), 'CONNECT\nAuthorization:Bearer a\\cb:c\n\n\0');
    expect(connect!.headers.Authorization).toBe('Bearer a\\cb:c');
  });

  it('rejects undefined escape sequences', () => {
    expect(parseError('SEND\nh:a\\tb\n\n\0').message).toBe('invalid escape sequence in header');
    expect(parseError('SEND\nh:a\\\n\n\0').message).toBe('invalid escape sequence in header');
  });

  it('rejects unknown commands, even before the line ends', () => {
    expect(parseError('HELLO\n\n\0').message).toBe('unknown command');
    expect(parseError('send\n\n\0').message).toBe('unknown command');
    // No newline yet, but already longer than any command: no need to wait for more.
    expect(parseError('X'.repeat(20)).message).toBe('unknown command');
  });

  it('rejects malformed headers and non-UTF-8 header bytes', () => {
    expect(parseError('SEND\nno-colon\n\n\0').message).toBe('malformed header');
    expect(parseError('SEND\n:value\n\n\0').message).toBe('malformed header');
    expect(parseError(Buffer.from([...Buffer.from('SEND\nh:'), 0xff, 0x0a, 0x0a, 0x00])).message).toBe('header is not valid UTF-8');
  });

  it('rejects a stray CR between frames', () => {
    expect(parseError('\rSEND\n\n\0').message).toBe('malformed frame');
  });

  it('limits the number of headers', () => {
    const headers = (n: number) => Array.from({ length: n }, (_, i) => `h${i}:v`).join('\n');
    expect(parseAll(new FrameParser(), `SEND\n${headers(50)}\n\n\0`)).toHaveLength(1);
    expect(parseError(`SEND\n${headers(51)}\n\n\0`).message).toBe('too many headers');
  });

  it('limits header line length, also while the line is incomplete', () => {
    const ok = `h:${'a'.repeat(8 * 1024 - 2)}`;
    expect(parseAll(new FrameParser(), `SEND\n${ok}\n\n\0`)).toHaveLength(1);
    expect(parseError(`SEND\n${ok}a\n\n\0`).message).toBe('header line too long');
    expect(parseError(`SEND\n${ok}aa`).message).toBe('header line too long');
  });

  it('accepts a frame of exactly the limit and rejects one byte more', () => {
    const head = 'SEND\ndestination:/x\n\n';
    const fill = MAX_FRAME_BYTES - head.length - 1;
    expect(parseAll(new FrameParser(), `${head}${'a'.repeat(fill)}\0`)).toHaveLength(1);
    expect(parseError(`${head}${'a'.repeat(fill + 1)}\0`).message).toBe(`frame exceeds ${MAX_FRAME_BYTES} bytes`);
    const withLength = (n: number) => `SEND\ncontent-length:${n}\n\n`;
    const n = MAX_FRAME_BYTES - withLength(10_000).length - 1; // n has five digits too
    expect(parseAll(new FrameParser(), `${withLength(n)}${'b'.repeat(n)}\0`)).toHaveLength(1);
    expect(parseError(`${withLength(n + 1)}${'b'.repeat(n + 1)}\0`).message).toBe(`frame exceeds ${MAX_FRAME_BYTES} bytes`);
  });

  it('rejects an oversized content-length before the body arrives', () => {
    expect(parseError(`SEND\ncontent-length:${MAX_FRAME_BYTES}\n\n`).message).toBe(`frame exceeds ${MAX_FRAME_BYTES} bytes`);
  });

  it('stops buffering an unterminated body at the limit', () => {
    const parser = new FrameParser();
    const chunk = 'x'.repeat(4096);
    let fed = 0;
    let error: unknown;
    try {
      parseAll(parser, 'SEND\n\n');
      for (let i = 0; i < 100; i++) {
        parseAll(parser, chunk);
        fed += chunk.length;
        expect(parser.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
      }
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StompProtocolError);
    expect(fed).toBeLessThan(MAX_FRAME_BYTES);
    // A failed parser stays failed.
    expect(() => parser.feed('SEND\n\n\0')).toThrow(StompProtocolError);
  });

  it('yields the frames before a bad one in the same chunk', () => {
    const parser = new FrameParser();
    const seen: string[] = [];
    expect(() => {
      for (const frame of parser.feed('SEND\ndestination:/a\n\n\0BOGUS\n\n\0')) seen.push(frame.headers.destination!);
    }).toThrow('unknown command');
    expect(seen).toEqual(['/a']);
  });

  it('does not retain a large chunk after its frames are consumed', () => {
    const parser = new FrameParser();
    const many = 'SEND\ndestination:/a\n\n\0'.repeat(10_000);
    expect(parseAll(parser, many + 'SEND\n')).toHaveLength(10_000);
    expect(parser.bufferedBytes).toBe(5);
  });
});

describe('serializeFrame', () => {
  it('escapes headers, adds content-length and terminates with NUL', () => {
    const wire = serializeFrame({ command: 'MESSAGE', headers: { 'a:b': 'x\ny\rz\\', skipped: undefined, n: 3 }, body: 'hi' });
    expect(wire.toString()).toBe('MESSAGE\na\\cb:x\\ny\\rz\\\\\nn:3\ncontent-length:2\n\nhi\0');
  });

  it('does not escape CONNECTED and refuses values it cannot encode there', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', x: 'a:b' } }).toString()).toBe('CONNECTED\nversion:1.2\nx:a:b\n\n\0');
    expect(() => serializeFrame({ command: 'CONNECTED', headers: { x: 'a\nb' } })).toThrow(TypeError);
  });

  it('ignores a caller-supplied content-length', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { 'content-length': '99' }, body: 'é' }).toString()).toBe('MESSAGE\ncontent-length:2\n\né\0');
  });

  it('round-trips arbitrary headers and bodies through the parser, however the bytes are chunked', () => {
    // Bias towards the characters that need escaping, plus multi-byte UTF-8.
    const unit = fc.oneof(fc.constantFrom(':', '\\', '\r', '\n', 'é', '점', '😀'), fc.string({ minLength: 1, maxLength: 1 }));
    const text = (minLength: number, maxLength: number) => fc.string({ unit, minLength, maxLength });
    const headerName = text(1, 12).filter((s) => s !== 'content-length');
    const frameArb = fc.record({
      command: fc.constantFrom('SEND' as const, 'MESSAGE' as const, 'SUBSCRIBE' as const, 'ERROR' as const),
      headers: fc.dictionary(headerName, text(0, 40), { maxKeys: 8 }),
      body: fc.uint8Array({ maxLength: 200 }),
    });
    fc.assert(
      fc.property(fc.array(frameArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 50 }), (frames, step) => {
        const wire = Buffer.concat(frames.flatMap((f) => [serializeFrame(f), Buffer.from('\r\n')]));
        const parser = new FrameParser();
        const out: StompFrame[] = [];
        for (let i = 0; i < wire.length; i += step) for (const f of parser.feed(wire.subarray(i, i + step))) out.push(f);
        expect(out).toHaveLength(frames.length);
        out.forEach((got, i) => {
          const want = frames[i]!;
          expect(got.command).toBe(want.command);
          expect(Buffer.from(want.body).equals(got.body)).toBe(true);
          const { 'content-length': length, ...rest } = got.headers;
          expect(rest).toEqual({ ...want.headers });
          expect(length).toBe(want.body.length > 0 ? String(want.body.length) : undefined);
        });
      }),
    );
  });
});

describe('messageFrames', () => {
  it('writes, byte for byte, the MESSAGE serializeFrame writes, with the shared part encoded once', () => {
    const unit = fc.oneof(fc.constantFrom(':', '\\', '\r', '\n', 'é', '점'), fc.string({ minLength: 1, maxLength: 1 }));
    const text = (minLength: number, maxLength: number) => fc.string({ unit, minLength, maxLength });
    const reserved = new Set(['destination', 'subscription', 'message-id']);
    fc.assert(
      fc.property(
        fc.dictionary(
          // An integer-like name would go first in serializeFrame's object (JS key order), not a header's place on the wire.
          text(1, 12).filter((name) => !reserved.has(name) && !/^\d+$/.test(name)),
          text(0, 40),
          { maxKeys: 5 },
        ),
        text(0, 80),
        fc.array(fc.tuple(text(1, 30), text(1, 10), text(1, 10)), { minLength: 1, maxLength: 3 }),
        (headers, body, subscribers) => {
          const frame = messageFrames(headers, body);
          for (const [destination, subscription, messageId] of subscribers) {
            const want = serializeFrame({ command: 'MESSAGE', headers: { destination, subscription, 'message-id': messageId, ...headers }, body });
            expect(frame(destination, subscription, messageId).equals(want)).toBe(true);
          }
        },
      ),
    );
  });
});
