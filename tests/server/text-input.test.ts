import { afterAll, expect, it } from 'vitest';
import { roomPublish, roomTopic } from '../../contract/stomp';
import { call, email as apiEmail } from './api-harness';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { bearer, describeEachDatabase, newMember, signIn, validSignUpBody } from './harness';

/** NUL, other C0 and C1 controls, and the bidi controls that make text display reversed or hidden. */
const HOSTILE = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u0085b', 'a\u009bb', '\u202e역순', 'a\u202ab', 'a\u202db', 'a\u2066b', 'a\u2069b'];
const hangul = /[가-힣]/;

describeEachDatabase('text a member types (names, keywords, chat)', (server) => {
  const clients: ChatClient[] = [];
  afterAll(() => Promise.all(clients.map((c) => c.close())));

  it('a name with control or bidi-override characters is a 400 with a Korean message, never a 500', async () => {
    const { app } = server();
    for (const name of HOSTILE) {
      // The local sign-in form (the name is stored with the sign-in code).
      const form = await app.inject({
        method: 'POST',
        url: '/auth/local/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: new URLSearchParams({ email: apiEmail(), name, redirect_uri: '/auth/callback/google', state: 's' }).toString(),
      });
      expect(form.statusCode, JSON.stringify(name)).toBe(400);
      expect(form.body).toMatch(hangul);
    }
    const pending = await signIn(app, apiEmail());
    for (const membername of HOSTILE) {
      const body = { ...(await validSignUpBody(app, pending.token)), membername };
      const res = await call(app, pending.token, 'PATCH', '/auth/signUp/lunchChat', body);
      expect([res.status, res.body.code], JSON.stringify(membername)).toEqual([400, 'COMMON400']);
      expect(res.body.result?.membername, JSON.stringify(membername)).toMatch(hangul);
    }
  });

  it('keywords with control or bidi-override characters are refused with a Korean field message', async () => {
    const { app } = server();
    const me = await newMember(app, apiEmail());
    for (const bad of HOSTILE) {
      for (const field of ['title', 'description'] as const) {
        const keywords = [
          { type: 'EXPRESS', title: '열정', description: '열정적인 사람' },
          { type: 'GOAL', title: '취업', description: '올해 취업하기' },
          { type: 'INTEREST', title: '여행', description: '여행 다니기' },
        ];
        keywords[0] = { ...keywords[0]!, [field]: field === 'title' ? bad.slice(0, 4) : bad };
        const res = await call(app, me.token, 'PATCH', '/api/members/keywords', { keywords });
        expect(res.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(Object.values(res.body.result ?? {}).join(' '), `${field} ${JSON.stringify(bad)}`).toMatch(hangul);
      }
    }
    const again = await call(app, me.token, 'GET', '/api/members/keywords');
    expect(again.body.result).toEqual([]);
  });

  it('chat text is stored with control and bidi-override characters removed (line breaks kept)', async () => {
    const { app, database } = server();
    const pair = await matchedPair(app, database.db, 'text');
    const url = await stompUrl(app);
    const ca = await ChatClient.connect(url, pair.a.token);
    const cb = await ChatClient.connect(url, pair.b.token);
    clients.push(ca, cb);
    await cb.subscribe(roomTopic(pair.roomId));
    await ca.send(roomPublish(pair.roomId), JSON.stringify({ content: '안녕\u202e하세요\u0000!\n둘째 줄\u2066\u0007' }));
    await waitUntil(() => cb.messages.length === 1, 3000, 'broadcast');
    expect(JSON.parse(cb.messages[0]!.body).content).toBe('안녕하세요!\n둘째 줄');
    const history = (await app.inject({ url: `/api/chatrooms/${pair.roomId}/messages`, headers: bearer(pair.b) })).json().result.data;
    expect(history[0].content).toBe('안녕하세요!\n둘째 줄');
    // Nothing left once neutralised: refused like an empty message.
    const refused = await ca.sendRefused(roomPublish(pair.roomId), JSON.stringify({ content: '\u202e\u0000' }));
    expect(refused.headers.message).toBeTruthy();
  });

  it('the existing client’s 학번 labels (25학번…21학번) filter like 25…21', async () => {
    const { app } = server();
    const viewer = await newMember(app, apiEmail());
    await newMember(app, apiEmail(), { studentNo: '23' });
    for (const label of ['25학번', '24학번', '23학번', '22학번', '21학번']) {
      const plain = await call(app, viewer.token, 'GET', `/api/members/filters?studentNo=${encodeURIComponent(label.slice(0, 2))}`);
      const res = await call(app, viewer.token, 'GET', `/api/members/filters?studentNo=${encodeURIComponent(label)}`);
      expect(res.status, label).toBe(200);
      expect(res.body.result, label).toEqual(plain.body.result);
    }
    const twentyThree = await call(app, viewer.token, 'GET', `/api/members/filters?studentNo=${encodeURIComponent('23학번')}`);
    expect(twentyThree.body.result.data.length).toBeGreaterThan(0);
    for (const bad of ['26학번', '2학번', '23학 번', '학번']) {
      const res = await call(app, viewer.token, 'GET', `/api/members/filters?studentNo=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
  });
});
