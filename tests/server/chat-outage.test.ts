import { expect, it } from 'vitest';
import { STOMP_UNAVAILABLE } from '../../contract/stomp';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl } from './chat-stomp-client';
import { POSTGRES_AVAILABLE, startTestServerWith, type DbKind } from './harness';

/**
 * A database that does not answer is the server's trouble, not the token's: CONNECT gets the
 * documented transient ERROR (COMMON503), which the PWA answers by reconnecting with backoff,
 * not `unauthorized`, which it answered by refreshing and, when that failed too, giving up.
 */
it.each((POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite']) as DbKind[])(
  'CONNECT while the database (%s) is down gets the transient ERROR COMMON503, not unauthorized',
  async (kind) => {
    const s = await startTestServerWith(kind);
    try {
      const pair = await matchedPair(s.app, s.database.db, 'outage');
      const url = await stompUrl(s.app);
      await s.database.close();
      const refused = await ChatClient.refused(url, { Authorization: `Bearer ${pair.a.token}` });
      expect(refused.error.headers.message).toBe(STOMP_UNAVAILABLE);
      expect(refused.error.headers.code).toBe('COMMON503');
    } finally {
      await s.app.close();
    }
  },
);
