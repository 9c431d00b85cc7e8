import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES, SUCCESS_CODE, SUCCESS_MESSAGE, type Envelope, type ErrorCode } from '../../contract/envelope';

/** A failure the client should see: contract code, HTTP status from the code table, optional field messages. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    message?: string,
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.status = ERROR_CODES[code].status;
  }
}

export function ok<T>(result?: T, code: string = SUCCESS_CODE, message: string = SUCCESS_MESSAGE): Envelope<T> {
  return result === undefined ? { isSuccess: true, code, message } : { isSuccess: true, code, message, result };
}

function fail(code: ErrorCode, fields?: Record<string, string>, message?: string): Envelope<Record<string, string>> {
  const body: Envelope<Record<string, string>> = { isSuccess: false, code, message: message ?? ERROR_CODES[code].message };
  if (fields) body.result = fields;
  return body;
}

/** Field → first message, the shape of `result` in a COMMON400. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** Validates untrusted input at the edge; failure is a 400 with the field map, never a 500. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, code: ErrorCode = 'COMMON400'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(code, fieldErrors(result.error));
  return result.data;
}

/** A top-level browser navigation (not the app's fetch, which asks for JSON). */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send(fail(error.code, error.fields, error.message));
}

/**
 * What Node's HTTP parser refuses before any route runs (a URL or headers over 16 KB, a bad
 * content-length, a broken request line or chunk) still gets the contract's wrapper, written to
 * the socket by hand because there is no request to reply to. Wired as Fastify's clientErrorHandler.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'COMMON431' : 'COMMON400';
  const reason = code === 'COMMON431' ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify(fail(code, code === 'COMMON400' ? { _: '요청 형식이 올바르지 않아요.' } : undefined));
  socket.end(
    `HTTP/1.1 ${ERROR_CODES[code].status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Maps every failure to the contract's wrapper; unknown errors are logged with the request id and hidden. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    const status = (error as FastifyError).statusCode;
    const fcode = (error as FastifyError).code;
    if (status === 413 || fcode === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, new AppError('COMMON413'));
    if (status === 415 || fcode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, new AppError('COMMON415'));
    if (status === 429) return sendError(reply, new AppError('COMMON429'));
    if (status !== undefined && status >= 400 && status < 500) {
      // Malformed JSON, bad content-length and friends: the client's fault, say so plainly.
      return sendError(reply, new AppError('COMMON400', { _: '요청 형식이 올바르지 않아요.' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('COMMON500'));
  });
}
