/**
 * How errors are written to the log. A failed statement's error (drizzle's "Failed query: …
 * params: …" and PostgreSQL's `detail`, e.g. "Key (email)=(kim@catholic.ac.kr) already exists")
 * carries the values of the row: names, e-mails, message text. Those never reach the log; the
 * statement, the PostgreSQL error code, constraint and table do, which is what an operator needs.
 */
export function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: e.name,
    message: e.message,
    stack: e.stack ?? '',
    code: e.code,
    statusCode: e.statusCode,
  };
  out.message = out.message.replace(/\nparams: [\s\S]*$/, '\nparams: [hidden]');
  out.stack = out.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '\nparams: [hidden]$1');
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const c = cause as Error & { code?: string; constraint?: string; table?: string; column?: string };
    // Class 22 (data exceptions: "invalid input syntax for type integer: \"…\"") quotes the value.
    const message = typeof c.code === 'string' && c.code.startsWith('22') ? undefined : c.message;
    out.cause = { type: c.name, message, code: c.code, constraint: c.constraint, table: c.table, column: c.column };
  }
  return out;
}
