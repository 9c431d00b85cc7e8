import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { roomTopic } from '../../contract/stomp';
import { members } from '../../server/db/schema';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { bearer, describeEachDatabase } from './harness';

describeEachDatabase('logout and a disabled account bite at once (no waiting for the access token to expire)', (server) => {
  const clients: ChatClient[] = [];
  afterAll(() => Promise.all(clients.map((c) => c.close())));

  it('after logout the same access token gets 401 on REST, and the open chat socket gets ERROR and closes', async () => {
    const { app, database } = server();
    const pair = await matchedPair(app, database.db, 'logout');
    const socket = await ChatClient.connect(await stompUrl(app), pair.a.token);
    clients.push(socket);
    await socket.subscribe(roomTopic(pair.roomId));
    expect((await app.inject({ url: '/api/members/me', headers: bearer(pair.a) })).statusCode).toBe(200);

    const out = await app.inject({ method: 'POST', url: '/auth/logout', cookies: { refresh: pair.a.refresh } });
    expect(out.statusCode).toBe(200);

    const after = await app.inject({ url: '/api/members/me', headers: bearer(pair.a) });
    expect([after.statusCode, after.json().code]).toEqual([401, 'JWT_401']);
    await waitUntil(() => socket.closed, 3000, 'socket closed');
    expect(socket.errors.at(-1)?.headers.code).toBe('JWT_401');
    // A new CONNECT with it is refused too.
    const again = await ChatClient.refused(await stompUrl(app), { Authorization: `Bearer ${pair.a.token}` });
    expect(again.error.headers.code).toBe('JWT_401');
    // The other member's session is untouched.
    expect((await app.inject({ url: '/api/members/me', headers: bearer(pair.b) })).statusCode).toBe(200);
  });

  it('a disabled account: its unexpired access token is refused with AUTH_403_DISABLED, CONNECT too', async () => {
    const { app, database } = server();
    const pair = await matchedPair(app, database.db, 'disabled');
    await database.db.update(members).set({ status: 'DISABLED' }).where(eq(members.id, pair.a.memberId));
    const res = await app.inject({ url: '/api/members/me', headers: bearer(pair.a) });
    expect([res.statusCode, res.json().code]).toEqual([403, 'AUTH_403_DISABLED']);
    const refused = await ChatClient.refused(await stompUrl(app), { Authorization: `Bearer ${pair.a.token}` });
    expect(refused.error.headers.code).toBe('AUTH_403_DISABLED');
  });
});
