import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createRealtime } from '../../server/realtime';
import { deadPort, REDIS_AVAILABLE, startTestServerWith } from './harness';

it('the log keeps people’s data out: a failed statement is logged with its code and table, never the names or e-mails it carried', async () => {
  const lines: string[] = [];
  const s = await startTestServerWith('pglite', { logger: true, logStream: { write: (line: string) => void lines.push(line) } }, { LOG_LEVEL: 'info' });
  try {
    const email = 'kim.secret@catholic.ac.kr';
    const name = '김비밀';
    const failure = await s.database.db.execute(sql`insert into members (email, account_name, university_id) values (${email}, ${name}, -1)`).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    s.app.log.error({ err: failure }, 'statement failed');
    const text = lines.join('');
    expect(text).toContain('statement failed');
    expect(text).toContain('23503');
    expect(text).not.toContain(email);
    expect(text).not.toContain(name);
  } finally {
    await s.close();
  }
});

it.runIf(REDIS_AVAILABLE)(
  'a Redis outage is one line per connection and one for publishing, not one per message',
  async () => {
    const lines: string[] = [];
    const logger = {
      info: (_o: unknown, m?: string) => void lines.push(`info ${m}`),
      warn: (_o: unknown, m?: string) => void lines.push(`warn ${m}`),
      error: (_o: unknown, m?: string) => void lines.push(`error ${m}`),
    };
    const realtime = await createRealtime({ redisUrl: `redis://127.0.0.1:${await deadPort()}`, logger, signingKey: 'k' });
    try {
      for (let i = 0; i < 40; i++) realtime.broker.publish(`/sub/rooms/${i}`, 'x');
      // ioredis gives up on each publish after its retries; wait until they have all failed.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const publishLines = lines.filter((l) => l.includes('publish'));
      expect(publishLines).toHaveLength(1);
      expect(lines.length).toBeLessThanOrEqual(4);
    } finally {
      await realtime.close();
    }
  },
  20_000,
);
