import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxDrainer } from '../../src/features/chat/outbox/drainer';
import { OutboxFlusher, SendRejectedError, type OutboxTransport } from '../../src/features/chat/outbox/flusher';
import { Outbox } from '../../src/features/chat/outbox/outbox';
import { idbOutboxStorage } from '../../src/features/chat/outbox/outbox-storage';
import { ConnectionLostError } from '../../src/features/chat/realtime/chat-connection';

const ROOM = 7;

interface Sent {
  roomId: number;
  content: string;
  clientMessageId: string;
  resolve(): void;
  reject(error: Error): void;
}

/** A transport whose sends stay open until the test answers them (RECEIPT or ERROR). */
function manualTransport() {
  const sent: Sent[] = [];
  const transport: OutboxTransport = {
    send: (roomId, content, clientMessageId) =>
      new Promise<void>((resolve, reject) => {
        sent.push({ roomId, content, clientMessageId, resolve, reject });
      }),
  };
  return { transport, sent };
}

const tick = async (times = 20) => {
  for (let i = 0; i < times; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function waitFor(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let outbox: Outbox;

beforeEach(async () => {
  await new Outbox(idbOutboxStorage()).clear();
  outbox = new Outbox(idbOutboxStorage());
  await outbox.ready();
});

afterEach(async () => {
  await outbox.clear();
});

describe('outbox', () => {
  it('stores messages as pending, trimmed, in the order they were sent', async () => {
    await Promise.all(['one', ' two ', 'three'].map((text) => outbox.enqueue(ROOM, text)));
    await outbox.enqueue(8, 'other room');
    const snapshot = outbox.roomSnapshot(ROOM);
    expect(snapshot.map((m) => [m.content, m.status])).toEqual([
      ['one', 'pending'],
      ['two', 'pending'],
      ['three', 'pending'],
    ]);
    expect(new Set(snapshot.map((m) => m.clientMessageId)).size).toBe(3);
  });

  it('refuses blank and over-long messages (the contract rule)', async () => {
    await expect(outbox.enqueue(ROOM, '   ')).rejects.toThrow();
    await expect(outbox.enqueue(ROOM, 'x'.repeat(1001))).rejects.toThrow();
    expect(outbox.roomSnapshot(ROOM)).toHaveLength(0);
  });

  it('survives a reload: a new outbox instance reads the same entries in the same order', async () => {
    for (const text of ['a', 'b', 'c', 'd', 'e']) await outbox.enqueue(ROOM, text);
    const before = outbox.roomEntries(ROOM);

    const reloaded = new Outbox(idbOutboxStorage());
    await reloaded.ready();
    expect(reloaded.roomEntries(ROOM)).toEqual(before);

    // New messages after the reload still queue behind the old ones.
    await reloaded.enqueue(ROOM, 'f');
    expect(reloaded.roomEntries(ROOM).map((e) => e.content)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('flushes strictly in order, one at a time, and a RECEIPT removes the message for good', async () => {
    for (const text of ['1', '2', '3']) await outbox.enqueue(ROOM, text);
    const { transport, sent } = manualTransport();
    const flusher = new OutboxFlusher(outbox, ROOM, transport);

    await tick();
    expect(sent).toHaveLength(0); // not subscribed yet

    flusher.setReady(true);
    await waitFor(() => sent.length === 1, 'first send');
    await tick();
    expect(sent).toHaveLength(1); // the second waits for the first receipt
    expect(sent[0]?.content).toBe('1');

    sent[0]?.resolve();
    await waitFor(() => sent.length === 2, 'second send');
    expect(sent[1]?.content).toBe('2');
    expect(outbox.roomSnapshot(ROOM).map((m) => [m.content, m.status])).toEqual([
      ['1', 'sent'],
      ['2', 'pending'],
      ['3', 'pending'],
    ]);
    sent[1]?.resolve();
    await waitFor(() => sent.length === 3, 'third send');
    sent[2]?.resolve();
    await waitFor(() => outbox.roomEntries(ROOM).length === 0, 'outbox empty');

    const reloaded = new Outbox(idbOutboxStorage());
    await reloaded.ready();
    expect(reloaded.roomEntries(ROOM)).toEqual([]);
    flusher.stop();
  });

  it('re-sends the unacknowledged message with the same client-message-id after a reconnect', async () => {
    for (const text of ['1', '2']) await outbox.enqueue(ROOM, text);
    const { transport, sent } = manualTransport();
    const flusher = new OutboxFlusher(outbox, ROOM, transport);
    flusher.setReady(true);
    await waitFor(() => sent.length === 1, 'first send');

    // The socket drops before the RECEIPT.
    flusher.setReady(false);
    sent[0]?.reject(new ConnectionLostError('connection closed'));
    await tick();
    expect(sent).toHaveLength(1);

    flusher.setReady(true);
    await waitFor(() => sent.length === 2, 'resend');
    expect(sent[1]?.clientMessageId).toBe(sent[0]?.clientMessageId);
    expect(sent[1]?.content).toBe('1');
    sent[1]?.resolve();
    await waitFor(() => sent.length === 3, 'next');
    expect(sent[2]?.content).toBe('2');
    flusher.stop();
  });

  it('marks a message the server refuses as failed, goes on, and offers retry and delete', async () => {
    for (const text of ['bad', 'good']) await outbox.enqueue(ROOM, text);
    const { transport, sent } = manualTransport();
    const flusher = new OutboxFlusher(outbox, ROOM, transport);
    flusher.setReady(true);
    await waitFor(() => sent.length === 1, 'first send');
    sent[0]?.reject(new SendRejectedError('메시지는 1000자 이하로 보내 주세요.'));
    await waitFor(() => sent.length === 2, 'the next message still goes');
    expect(sent[1]?.content).toBe('good');
    sent[1]?.resolve();
    await waitFor(() => outbox.roomEntries(ROOM).length === 1, 'good one gone');

    const [failed] = outbox.roomEntries(ROOM);
    expect(failed).toMatchObject({ content: 'bad', status: 'failed', error: '메시지는 1000자 이하로 보내 주세요.' });

    // A failed message survives a reload as failed, and is not re-sent by itself.
    const reloaded = new Outbox(idbOutboxStorage());
    await reloaded.ready();
    expect(reloaded.roomEntries(ROOM)[0]?.status).toBe('failed');
    expect(reloaded.nextPending(ROOM)).toBeUndefined();

    // 재시도
    await outbox.retry(failed!.clientMessageId);
    flusher.kick();
    await waitFor(() => sent.length === 3, 'retried send');
    expect(sent[2]?.clientMessageId).toBe(failed!.clientMessageId);
    sent[2]?.reject(new SendRejectedError('no'));
    await waitFor(() => outbox.roomEntries(ROOM)[0]?.status === 'failed', 'failed again');

    // 삭제
    await outbox.remove(failed!.clientMessageId);
    expect(outbox.roomSnapshot(ROOM).filter((m) => m.status !== 'sent')).toEqual([]);
    flusher.stop();
  });

  it('drops the local "sent" copy once the echo has been seen', async () => {
    const entry = await outbox.enqueue(ROOM, 'hi');
    await outbox.markSent(entry.clientMessageId);
    expect(outbox.roomSnapshot(ROOM).map((m) => m.status)).toEqual(['sent']);
    outbox.forgetSent([entry.clientMessageId]);
    expect(outbox.roomSnapshot(ROOM)).toEqual([]);
  });

  it('keeps no local copy when the echo came before the RECEIPT', async () => {
    const entry = await outbox.enqueue(ROOM, 'hi');
    outbox.forgetSent([entry.clientMessageId]);
    await outbox.markSent(entry.clientMessageId);
    expect(outbox.roomSnapshot(ROOM)).toEqual([]);
  });

  it('clear() empties memory and storage (logout)', async () => {
    await outbox.enqueue(ROOM, 'secret');
    await outbox.clear();
    expect(outbox.roomSnapshot(ROOM)).toEqual([]);
    const reloaded = new Outbox(idbOutboxStorage());
    await reloaded.ready();
    expect(reloaded.roomEntries(ROOM)).toEqual([]);
  });

  it('notifies subscribers and keeps snapshots stable between changes', async () => {
    let calls = 0;
    const off = outbox.subscribe(() => {
      calls += 1;
    });
    const first = outbox.roomSnapshot(ROOM);
    expect(outbox.roomSnapshot(ROOM)).toBe(first);
    await outbox.enqueue(ROOM, 'x');
    expect(calls).toBeGreaterThan(0);
    expect(outbox.roomSnapshot(ROOM)).not.toBe(first);
    off();
  });
});

describe("app-wide drainer (contract section 17: every room's outbox over the one connection)", () => {
  it("sends every room's queue once connected, each room in order, a waiting room never holding up another", async () => {
    const { transport, sent } = manualTransport();
    await outbox.enqueue(1, 'room 1 first');
    await outbox.enqueue(1, 'room 1 second');
    await outbox.enqueue(2, 'room 2 only');
    const drainer = new OutboxDrainer(outbox, transport);
    drainer.kick();
    await tick();
    // Not connected: nothing goes out.
    expect(sent).toHaveLength(0);

    drainer.setReady(true);
    await waitFor(() => sent.length === 2, 'one SEND per room');
    expect(sent.map((s) => [s.roomId, s.content]).sort()).toEqual([
      [1, 'room 1 first'],
      [2, 'room 2 only'],
    ]);
    // Room 2 is acknowledged while room 1 still waits for its RECEIPT.
    sent.find((s) => s.roomId === 2)!.resolve();
    await tick();
    expect(sent).toHaveLength(2);
    sent.find((s) => s.roomId === 1)!.resolve();
    await waitFor(() => sent.length === 3, 'room 1 second');
    expect(sent[2]).toMatchObject({ roomId: 1, content: 'room 1 second' });
    sent[2]!.resolve();
    await waitFor(() => outbox.pendingRooms().length === 0, 'an empty outbox');

    // A message queued later in a third room goes at once.
    await outbox.enqueue(3, 'later');
    drainer.kick();
    await waitFor(() => sent.length === 4, 'room 3');
    drainer.stop();
  });

  it('a connection lost mid-send keeps the message pending and resends it with the same id when back', async () => {
    const { transport, sent } = manualTransport();
    const entry = await outbox.enqueue(5, '다시 보내져요');
    const drainer = new OutboxDrainer(outbox, transport);
    drainer.setReady(true);
    await waitFor(() => sent.length === 1, 'first try');
    drainer.setReady(false);
    sent[0]!.reject(new ConnectionLostError('connection closed'));
    await tick();
    drainer.setReady(true);
    await waitFor(() => sent.length === 2, 'resend');
    expect(sent[1]!.clientMessageId).toBe(entry.clientMessageId);
    sent[1]!.resolve();
    await waitFor(() => outbox.pendingRooms().length === 0, 'sent');
    drainer.stop();
  });
});
