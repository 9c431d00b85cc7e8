import { createHash, randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Arg = number | string | null;

interface Statement {
  name: string;
  text: string;
  args: readonly Arg[];
}

/**
 * Named prepared statements on drizzle's own client, so the hot paths parse and plan their
 * statements once per connection instead of once per run (on PGlite that was most of the cost of
 * a send; see docs/decisions/0005-chat-delivery.md and 0017).
 */
export interface Prepared {
  run<T>(name: string, text: string, args: readonly Arg[]): Promise<T[]>;
  /** PGlite: every statement runs on the one thread that also commits, not beside the commits (a pool). */
  oneThread: boolean;
}

interface PgPool {
  query(config: { name: string; text: string; values: readonly Arg[] }): Promise<{ rows: unknown[] }>;
}
interface PGliteClient {
  exec(sql: string): Promise<Array<{ rows: unknown[] }>>;
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite's query() has no statement names, so there the statement is PREPAREd in SQL and run with
 * EXECUTE; its arguments are inlined: integers checked, strings dollar-quoted with a tag they do not
 * contain (dollar quotes have no escapes, so nothing in the text can end them early).
 */
function literal(arg: Arg): string {
  if (arg === null) return 'null';
  if (typeof arg === 'number') {
    if (!Number.isSafeInteger(arg)) throw new Error('prepared: only integer numbers are inlined');
    return String(arg);
  }
  if (arg.includes('\0')) throw new Error('prepared: text cannot contain NUL');
  // A fixed tag when the text does not hold it (nearly always); otherwise random ones, so text made to
  // hold many candidate tags cannot make the search long. randomBytes for every argument was ~1 % of
  // the main thread in bench/chat.ts.
  let tag = '$q$';
  while (arg.includes(tag)) tag = `$q${randomBytes(4).toString('hex')}$`;
  return `${tag}${arg}${tag}`;
}

const DUPLICATE_PREPARED = '42P05';
const preparedOn = new WeakMap<object, { pending: Map<string, Promise<unknown>>; done: Set<string> }>();

export function prepared(db: Db): Prepared {
  const client = (db as unknown as { $client?: unknown }).$client as Partial<PgPool & PGliteClient> | undefined;
  if (typeof client?.query !== 'function') throw new Error('prepared statements need drizzle’s $client');

  if (typeof client.exec === 'function') {
    const pglite = client as PGliteClient;
    // Prepared statements belong to the database session, which every repo on this client shares.
    const ready = preparedOn.get(pglite) ?? { pending: new Map<string, Promise<unknown>>(), done: new Set<string>() };
    preparedOn.set(pglite, ready);
    /**
     * undefined once the statement exists: the caller then goes on without a turn of the event
     * loop's microtasks, so a statement started just before synchronous work (the group commit
     * starts the next batch, then broadcasts the last one: writer.ts) reaches the database thread first.
     */
    const ensure = (name: string, text: string): Promise<unknown> | undefined => {
      if (ready.done.has(name)) return undefined;
      let prepare = ready.pending.get(name);
      if (!prepare) {
        prepare = pglite
          .exec(`prepare ${name} as ${text}`)
          .catch((err: unknown) => {
            if ((err as { code?: string }).code !== DUPLICATE_PREPARED) throw err;
          })
          .then(() => ready.done.add(name));
        ready.pending.set(name, prepare);
        prepare.catch(() => ready.pending.delete(name));
      }
      return prepare;
    };
    // One generic plan per statement, made once. Left to choose (plan_cache_mode auto),
    // PostgreSQL kept planning chat_room_events for its arrays on every run: 1.4 ms of
    // planning for 0.5 ms of work, on the database's one thread (docs/decisions/0017).
    // SET LOCAL ends with this implicit transaction: the statements' one commit.
    const GENERIC = 'set local plan_cache_mode = force_generic_plan';
    const execute = (statement: Statement) => `execute ${statement.name}(${statement.args.map(literal).join(', ')})`;
    return {
      oneThread: true,
      async run<T>(name: string, text: string, args: readonly Arg[]) {
        const preparing = ensure(name, text);
        if (preparing) await preparing;
        const results = await pglite.exec(`${GENERIC}; ${execute({ name, text, args })}`);
        return (results[results.length - 1]?.rows ?? []) as T[];
      },
    };
  }

  // node-postgres prepares a named statement once per pooled connection by itself.
  const pool = client as PgPool;
  return {
    oneThread: false,
    async run<T>(name: string, text: string, args: readonly Arg[]) {
      return (await pool.query({ name, text, values: args })).rows as T[];
    },
  };
}

const dialect = new PgDialect();

/**
 * rowsOf (server/db/sql.ts) for a hot read built with drizzle's sql``, as a named prepared
 * statement with one generic plan, named after its text. On PGlite, planning the chat list's
 * count and page took 2–3 ms each against ~1 ms of running them, on the database's one thread.
 * Only for statements whose best plan does not depend on the values (an id, a limit), with
 * number, string or null parameters, and with no date or time columns in what they return
 * (PGlite answers those as Date here, as text elsewhere: select epoch ms instead).
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const args = params.map((value): Arg => {
    if (value === null || typeof value === 'string' || typeof value === 'number') return value;
    throw new Error(`preparedRows: parameter of type ${typeof value}`);
  });
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return prepared(db).run<T>(name, text, args);
}
