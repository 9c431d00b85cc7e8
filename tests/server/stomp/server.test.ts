import type { IFrame } from '@stomp/stompjs';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, STOMP_ERRORS } from '../../../contract/stomp';
import type { StompServerOptions } from '../../../server/stomp';
import { RawClient, StompClient, deferred, logText, startHarness, waitUntil, type Harness, type Principal } from './harness';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(options: Partial<StompServerOptions<Principal>> = {}): Promise<Harness> {
  const h = await startHarness(options);
  cleanups.push(() => h.close());
  // Whatever a test did, tokens must never reach the logs.
  cleanups.push(() => expect(logText(h)).not.toMatch(/token-/));
  return h;
}

async function raw(h: Harness): Promise<RawClient> {
  const c = await RawClient.open(h.url);
  cleanups.push(() => c.close());
  return c;
}

async function stomp(h: Harness, token = 'token-alice', config = {}): Promise<StompClient> {
  const c = await StompClient.connect(h.url, token, config);
  cleanups.push(() => c.stop());
  return c;
}

/** Subscribes and waits for the server to confirm, so later publishes are guaranteed to match. */
async function subscribe(c: StompClient, destination: string, onBody: (body: string, frame: IFrame) => void): Promise<string> {
  const receipt = `sub-${destination}-${Math.random()}`;
  const confirmed = c.receipt(receipt);
  const { id } = c.client.subscribe(destination, (m) => onBody(m.body, m), { receipt });
  await confirmed;
  return id;
}

const chat = (content: string) => JSON.stringify({ content });

/** A raw client on /sub/rooms/1 of a server whose lazy MESSAGEs wait `lazyDeliveryMs`, sent one ('read marker'). */
async function lazyMarkerOnRoomOne(lazyDeliveryMs: number): Promise<{ h: Harness; c: RawClient }> {
  const h = await harness({ lazyDeliveryMs });
  const c = await raw(h);
  await c.connect();
  c.send('SUBSCRIBE\nid:a\ndestination:/sub/rooms/1\nreceipt:r\n\n\0');
  await c.waitForFrame((f) => f.command === 'RECEIPT');
  h.stomp.publish('/sub/rooms/1', 'read marker', {}, undefined, true);
  return { h, c };
}

describe('CONNECT', () => {
  it('answers a valid CONNECT with CONNECTED version 1.2 and the server heart-beat', async () => {
    const h = await harness();
    const c = await stomp(h);
    expect(c.connected?.headers.version).toBe('1.2');
    expect(c.connected?.headers['heart-beat']).toBe('10000,10000');
    expect(h.stomp.connectionCount()).toBe(1);
  });

  it('refuses CONNECT without a token with ERROR and closes', async () => {
    const h = await harness();
    const c = new StompClient(h.url);
    cleanups.push(() => c.stop());
    c.client.activate();
    const error = await c.waitForError();
    expect(error.headers.message).toBe('unauthorized');
    expect(error.headers.code).toBe('JWT_401');
    await c.waitForClose();
    expect(c.connected).toBeUndefined();
    await waitUntil(() => h.stomp.connectionCount() === 0);
  });

  it('refuses a bad token', async () => {
    const h = await harness();
    const c = await raw(h);
    await expect(c.connect('token-nobody')).rejects.toThrow('ERROR unauthorized');
    await c.waitForClose();
  });

  it('reads the authorization header case-insensitively and accepts the STOMP command', async () => {
    const h = await harness();
    const c = await raw(h);
    c.send('STOMP\naccept-version:1.1,1.2\nhost:x\nAUTHORIZATION:bearer token-bob\n\n\0');
    const frame = await c.waitForFrame((f) => f.command === 'CONNECTED');
    expect(frame.headers.version).toBe('1.2');
  });

  it('requires version 1.2 and says which versions it supports', async () => {
    const h = await harness();
    const c = await raw(h);
    c.send('CONNECT\naccept-version:1.0,1.1\nauthorization:Bearer token-alice\n\n\0');
    const error = await c.waitForError();
    expect(error.headers.message).toBe('unsupported protocol version');
    expect(error.headers.version).toBe('1.2');
    await c.waitForClose();
  });

  it('rejects an invalid heart-beat header', async () => {
    const h = await harness();
    const c = await raw(h);
    c.send('CONNECT\naccept-version:1.2\nheart-beat:soon\nauthorization:Bearer token-alice\n\n\0');
    expect((await c.waitForError()).headers.message).toBe('invalid heart-beat header');
  });

  it('rejects any frame before CONNECT', async () => {
    const h = await harness();
    const c = await raw(h);
    c.send('SEND\ndestination:/pub/chat/1\n\n{"content":"hi"}\0');
    expect((await c.waitForError()).headers.message).toBe('expected CONNECT frame');
    await c.waitForClose();
    expect(h.sendCalls).toHaveLength(0);
  });

  it('processes frames pipelined right behind CONNECT after the authentication finished', async () => {
    const h = await harness();
    const c = await raw(h);
    c.send(
      'CONNECT\naccept-version:1.2\nauthorization:Bearer token-alice\n\n\0' +
        'SUBSCRIBE\nid:s\ndestination:/sub/rooms/1\n\n\0' +
        `SEND\ndestination:/pub/chat/1\nreceipt:r\n\n${chat('fast')}\0`,
    );
    await c.waitForFrame((f) => f.command === 'RECEIPT');
    expect(c.commands()).toEqual(['CONNECTED', 'MESSAGE', 'RECEIPT']);
  });

  it('rejects a second CONNECT', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('CONNECT\naccept-version:1.2\nauthorization:Bearer token-alice\n\n\0');
    expect((await c.waitForError()).headers.message).toBe('already connected');
  });

  it('closes a socket that never sends CONNECT', async () => {
    const h = await harness({ connectTimeoutMs: 150 });
    const c = await raw(h);
    const opened = Date.now();
    expect((await c.waitForError()).headers.message).toBe('CONNECT timeout');
    const { at } = await c.waitForClose();
    expect(at - opened).toBeGreaterThanOrEqual(140);
    await waitUntil(() => h.stomp.connectionCount() === 0);
  });
});

describe('SUBSCRIBE and MESSAGE', () => {
  it('delivers a SEND to every subscriber with its own subscription and a unique message-id', async () => {
    const h = await harness();
    const alice = await stomp(h, 'token-alice');
    const bob = await stomp(h, 'token-bob');
    const got: Array<{ who: string; body: string; headers: IFrame['headers'] }> = [];
    const subIds = {
      alice: await subscribe(alice, '/sub/rooms/1', (body, m) => got.push({ who: 'alice', body, headers: m.headers })),
      bob: await subscribe(bob, '/sub/rooms/1', (body, m) => got.push({ who: 'bob', body, headers: m.headers })),
    };
    const stored = alice.receipt('send-1');
    alice.client.publish({ destination: '/pub/chat/1', body: chat('점심 같이 먹어요'), headers: { receipt: 'send-1' } });
    await stored;
    await waitUntil(() => got.length === 2);
    expect(got.map((g) => g.who).sort()).toEqual(['alice', 'bob']);
    for (const g of got) {
      expect(JSON.parse(g.body)).toEqual({ senderId: 1, content: '점심 같이 먹어요' });
      expect(g.headers.destination).toBe('/sub/rooms/1');
      expect(g.headers['content-type']).toBe('application/json');
      expect(g.headers.subscription).toBe(subIds[g.who as keyof typeof subIds]);
    }
    expect(got[0]!.headers['message-id']).not.toBe(got[1]!.headers['message-id']);
    expect(h.sendCalls[0]?.principal).toEqual({ id: 1, name: 'alice' });
  });

  it('delivers the MESSAGEs of one turn in order, each its own frame, and an ERROR in the same turn after them', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('SUBSCRIBE\nid:a\ndestination:/sub/rooms/1\nreceipt:r\n\n\0');
    await c.waitForFrame((f) => f.command === 'RECEIPT');
    for (let i = 1; i <= 3; i++) h.stomp.publish('/sub/rooms/1', `m${i}`);
    h.stomp.closeWhere(() => true, { message: 'signed out', code: 'JWT_401' });
    await c.waitForClose();
    expect(c.commands()).toEqual(['CONNECTED', 'RECEIPT', 'MESSAGE', 'MESSAGE', 'MESSAGE', 'ERROR']);
    expect(c.frames.filter((f) => f.command === 'MESSAGE').map((f) => f.body.toString())).toEqual(['m1', 'm2', 'm3']);
  });

  it('a lazy MESSAGE leaves with the next MESSAGE to its session, before it, or alone once its wait is over', async () => {
    const { h, c } = await lazyMarkerOnRoomOne(60_000);
    // Held for the next frame: a minute here, so only the MESSAGE below can have sent it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(c.frames.filter((f) => f.command === 'MESSAGE')).toEqual([]);
    h.stomp.publish('/sub/rooms/1', 'message');
    await waitUntil(() => c.frames.filter((f) => f.command === 'MESSAGE').length === 2);
    expect(c.frames.filter((f) => f.command === 'MESSAGE').map((f) => f.body.toString())).toEqual(['read marker', 'message']);

    const { c: d } = await lazyMarkerOnRoomOne(50);
    expect((await d.waitForFrame((f) => f.command === 'MESSAGE')).body.toString()).toBe('read marker');
  });

  it('a RECEIPT or an ERROR is never held behind a lazy MESSAGE, and comes after it', async () => {
    const { h, c } = await lazyMarkerOnRoomOne(60_000);
    // Room 3: its broadcast reaches no subscription of this client, so only the RECEIPT answers.
    c.send(`SEND\ndestination:/pub/chat/3\nreceipt:stored\n\n${chat('hi')}\0`);
    await c.waitForFrame((f) => f.headers['receipt-id'] === 'stored');
    expect(c.commands().slice(2)).toEqual(['MESSAGE', 'RECEIPT']);

    h.stomp.publish('/sub/rooms/1', 'another marker', {}, undefined, true);
    h.stomp.closeWhere(() => true, { message: 'signed out', code: 'JWT_401' });
    await c.waitForClose();
    expect(c.commands().slice(4)).toEqual(['MESSAGE', 'ERROR']);
  });

  it('publishes once per subscription, each with its own subscription and message-id', async () => {
    const h = await harness();
    const c = await raw(h);
    const d = await raw(h);
    await c.connect();
    await d.connect();
    c.send('SUBSCRIBE\nid:a\ndestination:/sub/rooms/1\nreceipt:r\n\n\0');
    d.send('SUBSCRIBE\nid:b\ndestination:/sub/rooms/1\nreceipt:r\n\n\0');
    await c.waitForFrame((f) => f.command === 'RECEIPT');
    await d.waitForFrame((f) => f.command === 'RECEIPT');
    expect(h.stomp.publish('/sub/rooms/1', 'x:y\nz', { 'x-custom': 'a:b', subscription: 'forged' })).toBe(2);
    expect(h.stomp.publish('/sub/rooms/99', 'nobody')).toBe(0);
    await waitUntil(() => [...c.frames, ...d.frames].filter((f) => f.command === 'MESSAGE').length === 2);
    const messages = [...c.frames, ...d.frames].filter((f) => f.command === 'MESSAGE');
    expect(messages.map((m) => m.headers.subscription).sort()).toEqual(['a', 'b']);
    expect(new Set(messages.map((m) => m.headers['message-id'])).size).toBe(2);
    expect(messages.map((m) => m.body.toString())).toEqual(['x:y\nz', 'x:y\nz']);
    expect(messages[0]!.headers['x-custom']).toBe('a:b');
  });

  it('stops delivering after UNSUBSCRIBE', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('SUBSCRIBE\nid:s\ndestination:/sub/rooms/1\n\n\0UNSUBSCRIBE\nid:s\nreceipt:gone\n\n\0');
    await c.waitForFrame((f) => f.headers['receipt-id'] === 'gone');
    expect(h.stomp.publish('/sub/rooms/1', 'late')).toBe(0);
  });

  it('answers a forbidden SUBSCRIBE with ERROR carrying the receipt-id, then closes', async () => {
    const h = await harness();
    const alice = await stomp(h, 'token-alice');
    alice.client.subscribe('/sub/rooms/2', () => {}, { receipt: 'sub-2' });
    const error = await alice.waitForError();
    expect(error.headers.message).toBe('forbidden');
    expect(error.headers['receipt-id']).toBe('sub-2');
    expect(error.headers.code).toBe('CHAT_403');
    await alice.waitForClose();
    expect(h.stomp.publish('/sub/rooms/2', 'secret')).toBe(0);
  });

  it('rejects SUBSCRIBE without id, with a duplicate id, over the limit, or with client ack', async () => {
    const h = await harness({ maxSubscriptionsPerConnection: 2 });
    const cases: Array<[string, string]> = [
      ['SUBSCRIBE\ndestination:/sub/rooms/1\n\n\0', 'SUBSCRIBE requires an id header'],
      ['SUBSCRIBE\nid:1\n\n\0', 'SUBSCRIBE requires a destination header'],
      ['SUBSCRIBE\nid:1\ndestination:/sub/rooms/1\n\n\0SUBSCRIBE\nid:1\ndestination:/sub/rooms/1\n\n\0', 'duplicate subscription id'],
      [
        'SUBSCRIBE\nid:1\ndestination:/sub/rooms/1\n\n\0SUBSCRIBE\nid:2\ndestination:/sub/rooms/3\n\n\0SUBSCRIBE\nid:3\ndestination:/sub/rooms/4\n\n\0',
        'too many subscriptions',
      ],
      // Contract section 17: a second SUBSCRIBE to the same destination would double every MESSAGE.
      ['SUBSCRIBE\nid:1\ndestination:/sub/rooms/1\n\n\0SUBSCRIBE\nid:2\ndestination:/sub/rooms/1\n\n\0', STOMP_ERRORS.alreadySubscribed],
      ['SUBSCRIBE\nid:1\ndestination:/sub/rooms/1\nack:client\n\n\0', 'only ack:auto is supported'],
    ];
    for (const [frames, message] of cases) {
      const c = await raw(h);
      await c.connect();
      c.send(frames);
      expect((await c.waitForError()).headers.message).toBe(message);
      await c.waitForClose();
    }
  });
});

describe('SEND', () => {
  it('sends RECEIPT only after the onSend hook has resolved', async () => {
    const h = await harness();
    const gate = deferred();
    const store = h.storeAndBroadcast;
    h.storeAndBroadcast = async (principal, frame) => {
      await gate.promise;
      await store(principal, frame);
    };
    const alice = await stomp(h);
    const events: string[] = [];
    await subscribe(alice, '/sub/rooms/1', (body) => events.push(`message ${body}`));
    void alice.receipt('send-1').then(() => events.push('receipt'));
    alice.client.publish({ destination: '/pub/chat/1', body: chat('hello'), headers: { receipt: 'send-1' } });
    await waitUntil(() => h.sendCalls.length === 1, 3000, 'the hook to be called');

    // Anything the server wrote before this marker arrives before it (one ordered socket).
    h.stomp.publish('/sub/rooms/1', 'marker');
    await waitUntil(() => events.includes('message marker'));
    expect(events).toEqual(['message marker']);

    gate.resolve();
    await waitUntil(() => events.includes('receipt'));
    expect(events).toEqual(['message marker', 'message {"senderId":1,"content":"hello"}', 'receipt']);
  });

  it('handles one connection strictly in order: the next frame waits for the previous hook', async () => {
    const h = await harness();
    const gate = deferred();
    const store = h.storeAndBroadcast;
    h.storeAndBroadcast = async (principal, frame) => {
      if (frame.body === chat('first')) await gate.promise;
      await store(principal, frame);
    };
    const c = await raw(h);
    await c.connect();
    c.send(
      'SEND\ndestination:/pub/chat/1\nreceipt:1\n\n{"content":"first"}\0' +
        'SEND\ndestination:/pub/chat/1\nreceipt:2\n\n{"content":"second"}\0' +
        'SUBSCRIBE\nid:s\ndestination:/sub/rooms/1\nreceipt:3\n\n\0',
    );
    await waitUntil(() => h.sendCalls.length === 1);
    // The second SEND is already parsed; it must not start while the first is being stored.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.sendCalls).toHaveLength(1);
    expect(c.commands()).toEqual(['CONNECTED']);
    gate.resolve();
    await waitUntil(() => c.frames.filter((f) => f.command === 'RECEIPT').length === 3);
    expect(h.sendCalls.map((s) => s.frame.body)).toEqual([chat('first'), chat('second')]);
    expect(c.frames.filter((f) => f.command === 'RECEIPT').map((f) => f.headers['receipt-id'])).toEqual(['1', '2', '3']);
  });

  it('passes destination, headers and the decoded body to the hook', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('SEND\ndestination:/pub/chat/1\nclient-message-id:6f1c\\c1\nreceipt:r\n\n{"content":"안녕"}\0');
    await c.waitForFrame((f) => f.command === 'RECEIPT');
    const call = h.sendCalls[0]!;
    expect(call.frame.destination).toBe('/pub/chat/1');
    expect(call.frame.body).toBe('{"content":"안녕"}');
    expect(call.frame.headers['client-message-id']).toBe('6f1c:1');
  });

  it('rejects SEND to a /sub/ destination without calling the hook', async () => {
    const h = await harness();
    const alice = await stomp(h);
    alice.client.publish({ destination: '/sub/rooms/1', body: chat('spoof'), headers: { receipt: 'spoof' } });
    const error = await alice.waitForError();
    expect(error.headers.message).toBe('cannot send to a subscription destination');
    expect(error.headers['receipt-id']).toBe('spoof');
    await alice.waitForClose();
    expect(h.sendCalls).toHaveLength(0);
  });

  it('answers a SEND the hook rejects with ERROR and no RECEIPT', async () => {
    const h = await harness();
    const alice = await stomp(h);
    let receipt = false;
    void alice.receipt('bad-1').then(() => (receipt = true));
    alice.client.publish({ destination: '/pub/chat/1', body: chat('reject'), headers: { receipt: 'bad-1' } });
    const error = await alice.waitForError();
    expect(error.headers.message).toBe('bad message');
    expect(error.headers.code).toBe('CHAT_400');
    expect(error.headers['receipt-id']).toBe('bad-1');
    await alice.waitForClose();
    expect(receipt).toBe(false);
  });

  it('hides unexpected hook failures behind a generic message and logs them without the body', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send(`SEND\ndestination:/pub/chat/1\n\n${chat('crash')}\0`);
    expect((await c.waitForError()).headers.message).toBe('message rejected');
    expect(h.logs.find((l) => l.level === 'error')?.msg).toBe('stomp SEND refused');
    expect(logText(h)).toContain('database down');
    expect(logText(h)).not.toContain('crash');
  });

  it('rejects transactions', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('BEGIN\ntransaction:t1\n\n\0');
    expect((await c.waitForError()).headers.message).toBe('transactions not supported');
  });

  it('tolerates ACK and NACK', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('ACK\nid:1\n\n\0NACK\nid:2\nreceipt:n\n\n\0');
    await c.waitForFrame((f) => f.headers['receipt-id'] === 'n');
    expect(c.commands()).toEqual(['CONNECTED', 'RECEIPT']);
  });
});

describe('malformed input', () => {
  it('answers an unknown command with ERROR and closes', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('HELLO\n\n\0');
    expect((await c.waitForError()).headers.message).toBe('unknown command');
    await c.waitForClose();
  });

  it('answers a malformed header with ERROR', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('SEND\ndestination /pub/chat/1\n\n{}\0');
    expect((await c.waitForError()).headers.message).toBe('malformed header');
  });

  it('processes the good frames before a bad one in the same message', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send(`SEND\ndestination:/pub/chat/1\nreceipt:ok\n\n${chat('before')}\0NOPE\n\n\0`);
    await c.waitForError();
    expect(c.commands()).toEqual(['CONNECTED', 'RECEIPT', 'ERROR']);
    expect(h.sendCalls).toHaveLength(1);
  });

  it('answers a frame over 64 KiB with ERROR and never calls the hook', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send(`SEND\ndestination:/pub/chat/1\n\n${chat('x'.repeat(MAX_FRAME_BYTES))}\0`);
    expect((await c.waitForError()).headers.message).toBe(`frame exceeds ${MAX_FRAME_BYTES} bytes`);
    await c.waitForClose();
    expect(h.sendCalls).toHaveLength(0);
  });

  it('gives up on an unterminated frame as soon as it passes 64 KiB', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send('SEND\ndestination:/pub/chat/1\n\n');
    let sent = 0;
    while (c.frames.length < 2 && sent < 4 * MAX_FRAME_BYTES) {
      c.send('y'.repeat(8 * 1024));
      sent += 8 * 1024;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await c.waitForError()).headers.message).toBe(`frame exceeds ${MAX_FRAME_BYTES} bytes`);
    expect(sent).toBeLessThan(2 * MAX_FRAME_BYTES);
  });

  it('rejects a body that is not UTF-8', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send(Buffer.concat([Buffer.from('SEND\ndestination:/pub/chat/1\n\n'), Buffer.from([0xc3, 0x28, 0])]));
    expect((await c.waitForError()).headers.message).toBe('body is not valid UTF-8');
  });

  it('reassembles frames split across WebSocket messages, and several frames in one message', async () => {
    const h = await harness();
    const c = await raw(h);
    const connect = Buffer.from('CONNECT\r\naccept-version:1.2\r\nhost:x\r\nauthorization:Bearer token-alice\r\n\r\n\0');
    for (let i = 0; i < connect.length; i++) c.send(connect.subarray(i, i + 1));
    await c.waitForFrame((f) => f.command === 'CONNECTED');

    c.send('SUBSCRIBE\nid:s\ndestination:/sub/rooms/1\n\n\0\n\nSEND\ndestination:/pub/chat/1\nreceipt:one\n\n');
    // Split inside a multi-byte character (binary messages can do that).
    const rest = Buffer.from(`${chat('한글')}\0`);
    const cut = rest.indexOf(Buffer.from('한')) + 1;
    c.send(rest.subarray(0, cut));
    c.send(rest.subarray(cut));
    await c.waitForFrame((f) => f.headers['receipt-id'] === 'one');
    await waitUntil(() => c.frames.some((f) => f.command === 'MESSAGE'));
    const message = c.frames.find((f) => f.command === 'MESSAGE')!;
    expect(JSON.parse(message.body.toString())).toEqual({ senderId: 1, content: '한글' });
  });
});

describe('DISCONNECT and shutdown', () => {
  it('answers DISCONNECT with RECEIPT, then closes and reports the disconnect', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect('token-bob');
    c.send('DISCONNECT\nreceipt:bye\n\n\0');
    const receipt = await c.waitForFrame((f) => f.command === 'RECEIPT');
    expect(receipt.headers['receipt-id']).toBe('bye');
    expect((await c.waitForClose()).code).toBe(1000);
    await waitUntil(() => h.disconnects.length === 1);
    expect(h.disconnects).toEqual([{ id: 2, name: 'bob' }]);
    expect(h.stomp.connectionCount()).toBe(0);
  });

  it('reports a client that just drops the socket', async () => {
    const h = await harness();
    const c = await stomp(h, 'token-alice');
    await c.stop();
    await waitUntil(() => h.disconnects.length === 1);
    expect(h.stomp.connectionCount()).toBe(0);
  });

  it('closeAll sends ERROR to every session, closes them and refuses newcomers', async () => {
    const h = await harness();
    const a = await stomp(h, 'token-alice');
    const b = await raw(h);
    expect(h.stomp.connectionCount()).toBe(2);
    await h.stomp.closeAll('server restarting');
    expect(h.stomp.connectionCount()).toBe(0);
    expect((await a.waitForError()).headers.message).toBe('server restarting');
    expect((await b.waitForError()).headers.message).toBe('server restarting');
    await a.waitForClose();
    const late = await raw(h);
    expect((await late.waitForError()).headers.message).toBe('server restarting');
    await late.waitForClose();
  });
});

describe('heart-beats, expiry and slow consumers', () => {
  it('closes a peer that negotiated heart-beats and then went silent', async () => {
    const h = await harness({ heartBeat: { outgoing: 200, incoming: 200 } });
    const c = await raw(h);
    const sentAt = Date.now();
    const connected = await c.connect('token-alice', 'heart-beat:200,200\n');
    expect(connected.headers['heart-beat']).toBe('200,200');
    expect((await c.waitForError(2000)).headers.message).toBe('heart-beat timeout');
    const { at } = await c.waitForClose();
    // Allowed silence: max(200, 200) × grace 2 = 400 ms; checked every 100 ms.
    expect(at - sentAt).toBeGreaterThanOrEqual(400);
    expect(at - sentAt).toBeLessThan(1200);
    // The server kept its side of the deal while waiting.
    expect(c.heartBeats).toBeGreaterThanOrEqual(1);
    await waitUntil(() => h.stomp.connectionCount() === 0);
  });

  it('keeps a stompjs client that heart-beats alive, and heart-beats to it', async () => {
    const h = await harness({ heartBeat: { outgoing: 100, incoming: 100 } });
    // stompjs drops the server itself if it hears nothing for 2 × 100 ms.
    const c = await stomp(h, 'token-alice', { heartbeatIncoming: 100, heartbeatOutgoing: 100 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(c.errors).toEqual([]);
    expect(c.closed).toBe(false);
    expect(c.client.connected).toBe(true);
    expect(h.stomp.connectionCount()).toBe(1);
  });

  it('neither sends nor expects heart-beats when the client asks for none', async () => {
    const h = await harness({ heartBeat: { outgoing: 100, incoming: 100 } });
    const c = await raw(h);
    await c.connect('token-alice', 'heart-beat:0,0\n');
    // Three times what a heart-beating client would have been allowed.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(c.heartBeats).toBe(0);
    expect(c.closed).toBeUndefined();
  });

  it('sends heart-beats at the slower of the two wishes', async () => {
    const h = await harness({ heartBeat: { outgoing: 50, incoming: 0 } });
    const c = await raw(h);
    await c.connect('token-alice', 'heart-beat:0,300\n');
    const connectedAt = Date.now();
    await waitUntil(() => c.heartBeats >= 2, 2000, 'two heart-beats');
    // Every max(50, 300) = 300 ms, not every 50 ms.
    const [first, second] = c.heartBeatTimes as [number, number];
    expect(first - connectedAt).toBeGreaterThanOrEqual(250);
    expect(second - first).toBeGreaterThanOrEqual(250);
  });

  it('ends the session with ERROR when the token expires', async () => {
    const h = await harness();
    const connectedAt = Date.now();
    const c = await stomp(h, 'token-short');
    const error = await c.waitForError();
    expect(error.headers.message).toBe('token expired');
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(240);
    await c.waitForClose();
    await waitUntil(() => h.disconnects.length === 1);
    expect(h.disconnects[0]?.name).toBe('carol');
  });

  it('keeps a reading subscriber that one turn sends more than the buffer limit', async () => {
    const h = await harness({ maxBufferedBytes: 64 * 1024 });
    const c = await raw(h);
    await c.connect();
    c.send('SUBSCRIBE\nid:s\ndestination:/sub/rooms/1\nreceipt:r\n\n\0');
    await c.waitForFrame((f) => f.command === 'RECEIPT');
    const body = 'z'.repeat(32 * 1024);
    let delivered = 0;
    for (let i = 0; i < 8; i++) delivered += h.stomp.publish('/sub/rooms/1', body);
    expect(delivered).toBe(8);
    await waitUntil(() => c.frames.filter((f) => f.command === 'MESSAGE').length === 8, 3000, 'eight MESSAGEs');
    expect(c.frames.some((f) => f.command === 'ERROR')).toBe(false);
  });

  it('drops a subscriber that stops reading instead of buffering for it', async () => {
    const h = await harness({ maxBufferedBytes: 256 * 1024, closeGraceMs: 100 });
    const slow = await raw(h);
    const fast = await raw(h);
    for (const c of [slow, fast]) {
      await c.connect();
      c.send('SUBSCRIBE\nid:s\ndestination:/sub/rooms/1\nreceipt:r\n\n\0');
      await c.waitForFrame((f) => f.command === 'RECEIPT');
    }
    slow.ws.pause();
    const body = 'z'.repeat(32 * 1024);
    let published = 0;
    let delivered = 2;
    while (delivered === 2 && published < 5000) {
      delivered = h.stomp.publish('/sub/rooms/1', body);
      published++;
      // Let the fast client read; the slow one does not.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(delivered).toBe(1);
    await waitUntil(() => h.stomp.connectionCount() === 1, 3000, 'the slow consumer to be dropped');
    slow.ws.resume();
    await slow.waitForClose();
    // The fast subscriber is unaffected and gets everything.
    await waitUntil(() => fast.frames.filter((f) => f.command === 'MESSAGE').length === published, 5000);
    expect(fast.closed).toBeUndefined();
    expect(h.logs.some((l) => l.msg === 'stomp slow consumer dropped')).toBe(true);
  });
});

describe('logging', () => {
  it('never logs tokens or message bodies', async () => {
    const h = await harness();
    const c = await raw(h);
    await c.connect();
    c.send(`SEND\ndestination:/pub/chat/1\nreceipt:r\n\n${chat('SECRET-BODY')}\0`);
    await c.waitForFrame((f) => f.command === 'RECEIPT');
    c.send(`SEND\ndestination:/pub/chat/1\n\n${chat('reject')}\0`);
    await c.waitForError();
    const bad = await raw(h);
    await expect(bad.connect('token-forged-SECRET')).rejects.toThrow();
    await waitUntil(() => h.logs.some((l) => l.msg === 'stomp CONNECT refused'));
    const text = logText(h);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('token-');
    expect(h.logs.length).toBeGreaterThan(0);
  });
});
