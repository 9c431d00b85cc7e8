import { MAX_FRAME_BYTES } from '../../contract/stomp';

/** Commands a client may send (STOMP 1.2 section "Client Frames"). */
const CLIENT_COMMANDS = ['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT'] as const;
/** Commands a server may send (STOMP 1.2 section "Server Frames"). */
const SERVER_COMMANDS = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;

type ClientCommand = (typeof CLIENT_COMMANDS)[number];
type ServerCommand = (typeof SERVER_COMMANDS)[number];
export type StompCommand = ClientCommand | ServerCommand;

const KNOWN_COMMANDS: ReadonlySet<string> = new Set<string>([...CLIENT_COMMANDS, ...SERVER_COMMANDS]);
const LONGEST_COMMAND = Math.max(...[...KNOWN_COMMANDS].map((c) => c.length));

/** Header map with no prototype, so names such as `__proto__` or `constructor` are plain keys. */
export type StompHeaders = Record<string, string>;

export interface StompFrame {
  command: StompCommand;
  /** First occurrence of each header wins (STOMP 1.2 "Repeated Header Entries"). */
  headers: StompHeaders;
  /** Raw body bytes; may contain NUL when the frame carried `content-length`. */
  body: Buffer;
}

export interface FrameLimits {
  /** Whole encoded frame: command line, headers, blank line, body and the NUL terminator. */
  maxFrameBytes: number;
  maxHeaders: number;
  /** One header line (or the command line) without its EOL. */
  maxHeaderLineBytes: number;
}

const DEFAULT_FRAME_LIMITS: Readonly<FrameLimits> = Object.freeze({
  maxFrameBytes: MAX_FRAME_BYTES,
  maxHeaders: 50,
  maxHeaderLineBytes: 8 * 1024,
});

/**
 * A violation of the wire protocol. `message` is short, free of client data and safe to put in
 * the ERROR frame's `message` header; after one of these the connection must be closed.
 */
export class StompProtocolError extends Error {
  override readonly name = 'StompProtocolError';
}

function createHeaders(): StompHeaders {
  return Object.create(null) as StompHeaders;
}

/**
 * What the parser holds between frames: a frame's own map is made when its command line is read.
 * A dictionary-mode map is a few hundred bytes, and every idle connection has a parser (decision 0017).
 */
const NO_HEADERS: StompHeaders = Object.freeze(createHeaders());

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COLON = 0x3a;
const EMPTY = Buffer.alloc(0);
const NUL_BUFFER = Buffer.from([NUL]);

// fatal: a header that is not UTF-8 is a protocol error rather than silently mangled text.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** CONNECT and CONNECTED predate escaping (STOMP 1.2 "Value Encoding"); STOMP is CONNECT's alias. */
function usesEscaping(command: StompCommand): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED' && command !== 'STOMP';
}

function unescapeHeader(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = raw[++i];
    if (next === 'r') out += '\r';
    else if (next === 'n') out += '\n';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    // The spec makes undefined escapes such as \t fatal.
    else throw new StompProtocolError('invalid escape sequence in header');
  }
  return out;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' };
const NEEDS_ESCAPE = /[\\\r\n:]/;
function escapeHeader(value: string): string {
  // Most values need nothing: a test is cheaper than a replace that allocates (bench/chat.ts profile).
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\r\n:]/g, (ch) => ESCAPES[ch] ?? ch) : value;
}

export type FrameChunk = string | Buffer | ArrayBuffer | Uint8Array | readonly Buffer[];

function toBuffer(chunk: FrameChunk): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (Buffer.isBuffer(chunk)) return chunk;
  if (Array.isArray(chunk)) return Buffer.concat(chunk as readonly Buffer[]);
  if (chunk instanceof ArrayBuffer) return Buffer.from(chunk);
  const view = chunk as Uint8Array;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

type Phase = 'idle' | 'command' | 'headers' | 'body';

/**
 * Incremental STOMP 1.2 decoder. Feed it WebSocket messages in arrival order; frames may span
 * messages and one message may hold several frames. It never retains more than one incomplete
 * frame, and rejects a frame as soon as it is known to exceed the limits, so a client cannot make
 * the server buffer an unbounded frame.
 */
export class FrameParser {
  private readonly limits: FrameLimits;
  /** Pending bytes live in data[start, end). `start` is always the start of the current frame. */
  private data: Buffer = EMPTY;
  private start = 0;
  private end = 0;
  /** data is the caller's chunk (zero-copy); it must be copied before we keep it past feed(). */
  private borrowed = false;
  private phase: Phase = 'idle';
  private lineStart = 0;
  private scan = 0;
  private bodyStart = 0;
  private command: StompCommand = 'SEND';
  private headers: StompHeaders = NO_HEADERS;
  private headerCount = 0;
  private contentLength: number | undefined;
  private failure: StompProtocolError | undefined;

  constructor(limits: Partial<FrameLimits> = {}) {
    this.limits = { ...DEFAULT_FRAME_LIMITS, ...limits };
  }

  /** Bytes held for a frame that is not complete yet. */
  get bufferedBytes(): number {
    return this.end - this.start;
  }

  /**
   * Appends a chunk and returns the frames it completes, in order. Iterate the result fully;
   * a StompProtocolError is thrown at the position of the bad frame (frames before it are yielded
   * first), after which the parser refuses further input.
   */
  feed(chunk: FrameChunk): Iterable<StompFrame> {
    if (this.failure) throw this.failure;
    this.append(toBuffer(chunk));
    return this.frames();
  }

  private *frames(): Generator<StompFrame, void, undefined> {
    try {
      for (let frame = this.next(); frame; frame = this.next()) yield frame;
    } catch (err) {
      this.failure = err instanceof StompProtocolError ? err : new StompProtocolError('malformed frame', { cause: err });
      this.data = EMPTY;
      this.start = this.end = 0;
      throw this.failure;
    } finally {
      if (!this.failure) this.retainRemainder();
    }
  }

  private append(chunk: Buffer): void {
    if (chunk.length === 0) return;
    const pending = this.end - this.start;
    if (pending === 0) {
      // Nothing in progress (phase is idle): parse straight out of the chunk.
      this.data = chunk;
      this.start = 0;
      this.end = chunk.length;
      this.borrowed = true;
      return;
    }
    if (!this.borrowed && this.end + chunk.length <= this.data.length) {
      chunk.copy(this.data, this.end);
      this.end += chunk.length;
      return;
    }
    const needed = pending + chunk.length;
    let target: Buffer;
    if (!this.borrowed && needed <= this.data.length) {
      this.data.copyWithin(0, this.start, this.end);
      target = this.data;
    } else {
      // Doubling keeps byte-by-byte feeding linear instead of quadratic.
      const capacity = Math.min(Math.max(needed, pending * 2, 1024), Math.max(needed, this.limits.maxFrameBytes));
      target = Buffer.allocUnsafe(capacity);
      this.data.copy(target, 0, this.start, this.end);
    }
    chunk.copy(target, pending);
    this.rebase();
    this.data = target;
    this.end = needed;
    this.borrowed = false;
  }

  /** Moves positions so that `start` becomes 0 (the caller moves the bytes). */
  private rebase(): void {
    const shift = this.start;
    this.lineStart -= shift;
    this.scan -= shift;
    this.bodyStart -= shift;
    this.start = 0;
  }

  private retainRemainder(): void {
    const pending = this.end - this.start;
    if (pending === 0) {
      this.data = EMPTY;
      this.start = this.end = 0;
      this.borrowed = false;
      return;
    }
    if (!this.borrowed) return;
    const copy = Buffer.allocUnsafe(Math.max(pending, 1024));
    this.data.copy(copy, 0, this.start, this.end);
    this.rebase();
    this.data = copy;
    this.end = pending;
    this.borrowed = false;
  }

  private tooLarge(): StompProtocolError {
    return new StompProtocolError(`frame exceeds ${this.limits.maxFrameBytes} bytes`);
  }

  /**
   * Returns [lineStart, lineEnd) of the next complete line without its EOL, or undefined if more
   * input is needed. Enforces the line and frame limits even while the line is incomplete.
   */
  private readLine(maxLength: number, tooLong: string): [number, number] | undefined {
    const view = this.data.subarray(0, this.end);
    const lf = view.indexOf(LF, this.scan);
    if (lf === -1) {
      this.scan = this.end;
      // +1: the last byte may be the CR of a CRLF whose LF has not arrived.
      if (this.end - this.lineStart > maxLength + 1) throw new StompProtocolError(tooLong);
      if (this.end - this.start >= this.limits.maxFrameBytes) throw this.tooLarge();
      return undefined;
    }
    const from = this.lineStart;
    let to = lf;
    if (to > from && view[to - 1] === CR) to--;
    if (to - from > maxLength) throw new StompProtocolError(tooLong);
    // +1 for the NUL that must still follow.
    if (lf + 1 - this.start + 1 > this.limits.maxFrameBytes) throw this.tooLarge();
    this.lineStart = this.scan = lf + 1;
    return [from, to];
  }

  private next(): StompFrame | undefined {
    if (this.phase === 'idle' && !this.skipHeartBeats()) return undefined;
    if (this.phase === 'command' && !this.readCommand()) return undefined;
    if (this.phase === 'headers' && !this.readHeaders()) return undefined;
    return this.readBody();
  }

  /** Consumes EOLs between frames (heart-beats); true once a frame has started. */
  private skipHeartBeats(): boolean {
    const d = this.data;
    while (this.start < this.end) {
      const b = d[this.start];
      if (b === LF) {
        this.start++;
      } else if (b === CR) {
        if (this.start + 1 >= this.end) return false;
        if (d[this.start + 1] !== LF) throw new StompProtocolError('malformed frame');
        this.start += 2;
      } else {
        this.phase = 'command';
        this.lineStart = this.scan = this.start;
        return true;
      }
    }
    return false;
  }

  private readCommand(): boolean {
    const line = this.readLine(LONGEST_COMMAND, 'unknown command');
    if (!line) return false;
    const name = this.data.toString('latin1', line[0], line[1]);
    if (!KNOWN_COMMANDS.has(name)) throw new StompProtocolError('unknown command');
    this.command = name as StompCommand;
    this.headers = createHeaders();
    this.headerCount = 0;
    this.contentLength = undefined;
    this.phase = 'headers';
    return true;
  }

  private readHeaders(): boolean {
    for (;;) {
      const line = this.readLine(this.limits.maxHeaderLineBytes, 'header line too long');
      if (!line) return false;
      const [from, to] = line;
      if (from === to) break;
      if (++this.headerCount > this.limits.maxHeaders) throw new StompProtocolError('too many headers');
      const colon = this.data.subarray(0, to).indexOf(COLON, from);
      if (colon === -1) throw new StompProtocolError('malformed header');
      let name: string;
      let value: string;
      try {
        name = utf8.decode(this.data.subarray(from, colon));
        value = utf8.decode(this.data.subarray(colon + 1, to));
      } catch {
        throw new StompProtocolError('header is not valid UTF-8');
      }
      if (usesEscaping(this.command)) {
        name = unescapeHeader(name);
        value = unescapeHeader(value);
      }
      if (name === '') throw new StompProtocolError('malformed header');
      if (!(name in this.headers)) this.headers[name] = value;
    }
    this.bodyStart = this.scan;
    const declared = this.headers['content-length'];
    if (declared !== undefined) {
      if (!/^\d{1,10}$/.test(declared)) throw new StompProtocolError('invalid content-length');
      const length = Number(declared);
      if (this.bodyStart - this.start + length + 1 > this.limits.maxFrameBytes) throw this.tooLarge();
      this.contentLength = length;
    }
    this.phase = 'body';
    return true;
  }

  private readBody(): StompFrame | undefined {
    let bodyEnd: number;
    if (this.contentLength !== undefined) {
      bodyEnd = this.bodyStart + this.contentLength;
      if (this.end <= bodyEnd) return undefined;
      if (this.data[bodyEnd] !== NUL) throw new StompProtocolError('frame is not terminated by NUL');
    } else {
      const nul = this.data.subarray(0, this.end).indexOf(NUL, this.scan);
      if (nul === -1) {
        this.scan = this.end;
        if (this.end - this.start >= this.limits.maxFrameBytes) throw this.tooLarge();
        return undefined;
      }
      if (nul + 1 - this.start > this.limits.maxFrameBytes) throw this.tooLarge();
      bodyEnd = nul;
    }
    // Copy: the underlying buffer is reused or belongs to the caller.
    const body = bodyEnd > this.bodyStart ? Buffer.from(this.data.subarray(this.bodyStart, bodyEnd)) : EMPTY;
    const frame: StompFrame = { command: this.command, headers: this.headers, body };
    this.start = bodyEnd + 1;
    this.phase = 'idle';
    this.headers = NO_HEADERS;
    return frame;
  }
}

type OutgoingHeaderValue = string | number | undefined;

export interface OutgoingFrame {
  command: StompCommand;
  /** Insertion order is kept; `undefined` values are left out. `content-length` is always computed. */
  headers?: Readonly<Record<string, OutgoingHeaderValue>>;
  body?: string | Uint8Array;
}

/**
 * Encodes a frame. A non-empty body always gets a computed `content-length`, so bodies may
 * contain NUL and receivers never have to scan for the terminator.
 */
export function serializeFrame(frame: OutgoingFrame): Buffer {
  const body = frame.body === undefined ? EMPTY : typeof frame.body === 'string' ? Buffer.from(frame.body, 'utf8') : frame.body;
  const escape = usesEscaping(frame.command);
  let head = `${frame.command}\n`;
  for (const [rawName, rawValue] of Object.entries(frame.headers ?? {})) {
    if (rawValue === undefined || rawName === 'content-length') continue;
    const value = String(rawValue);
    if (escape) {
      head += `${escapeHeader(rawName)}:${escapeHeader(value)}\n`;
    } else {
      if (/[\r\n:]/.test(rawName) || /[\r\n]/.test(value)) {
        throw new TypeError(`header ${JSON.stringify(rawName)} cannot be encoded in a ${frame.command} frame`);
      }
      head += `${rawName}:${value}\n`;
    }
  }
  if (body.length > 0) head += `content-length:${body.length}\n`;
  head += '\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), body, NUL_BUFFER]);
}

/**
 * The MESSAGE frames of one publish: everything after `message-id` (the shared headers, the body
 * and the NUL) is encoded once, and each subscriber's frame is only its own first lines followed by
 * that. Byte for byte what serializeFrame writes for the headers `destination`, `subscription`,
 * `message-id`, then `headers` in their order; `content-length` in `headers` is ignored as there.
 */
export function messageFrames(
  headers: Readonly<Record<string, string>>,
  body: string,
): (destination: string, subscription: string, messageId: string) => Buffer {
  const payload = Buffer.from(body, 'utf8');
  let head = '';
  for (const [name, value] of Object.entries(headers)) {
    if (name !== 'content-length') head += `${escapeHeader(name)}:${escapeHeader(value)}\n`;
  }
  if (payload.length > 0) head += `content-length:${payload.length}\n`;
  const tail = Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), payload, NUL_BUFFER]);
  return (destination, subscription, messageId) => {
    const first = `MESSAGE\ndestination:${escapeHeader(destination)}\nsubscription:${escapeHeader(subscription)}\nmessage-id:${escapeHeader(messageId)}\n`;
    const length = Buffer.byteLength(first, 'utf8');
    const frame = Buffer.allocUnsafe(length + tail.length);
    frame.write(first, 0, 'utf8');
    tail.copy(frame, length);
    return frame;
  };
}
