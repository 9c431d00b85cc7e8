// The chat's group commit (server/modules/chat/writer.ts) with a database stand-in whose batches
// finish when the test says: what a broadcast sees, and in which order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatWriter, READ_HOLD_MS } from '../../server/modules/chat/writer';
import type { ChatRepo, ReadRequest, StoreRequest, StoreResult } from '../../server/modules/chat/repo';

type CommitBatch = ChatRepo['commitBatch'];

function controlledRepo() {
  const batches: Array<{ stores: readonly StoreRequest[]; reads: readonly ReadRequest[]; finish(): void; fail(error: Error): void }> = [];
  const commitBatch: CommitBatch = (stores, reads) =>
    new Promise((resolve, reject) => {
      batches.push({
        stores,
        reads,
        finish: () =>
          resolve({
            stored: stores.map((s, i): StoreResult => ({
              kind: 'stored',
              row: { id: String(batches.length * 1000 + i), roomId: s.roomId, senderId: s.senderId, content: s.content, clientMessageId: null, createdMs: 0 },
              room: { id: s.roomId, memberA: 1, memberB: 2, aLeft: false, bLeft: false, aUnread: 0, bUnread: 1 },
            })),
            read: reads.map(() => undefined),
          }),
        fail: reject,
      });
    });
  return { batches, commitBatch };
}

const send = (content: string): StoreRequest => ({ roomId: 1, senderId: 1, content, clientMessageId: null });
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('chat group commit', () => {
  it('starts the next batch before announcing the last one, and announces in submit order', async () => {
    const { batches, commitBatch } = controlledRepo();
    const writer = chatWriter({ commitBatch });
    const announced: string[] = [];
    const batchesWhenAnnounced: number[] = [];
    const after = (r: StoreResult) => {
      if (r.kind !== 'stored') return;
      announced.push(r.row.content);
      batchesWhenAnnounced.push(batches.length);
    };

    const first = writer.store(send('m1'), after);
    await turn();
    expect(batches).toHaveLength(1);
    // Arrive while m1 is in the database: they wait for the next batch.
    const rest = [writer.store(send('m2'), after), writer.store(send('m3'), after)];
    batches[0]!.finish();
    await first;
    // m1's broadcast ran with m2 and m3 already handed to the database.
    expect(batchesWhenAnnounced).toEqual([2]);
    expect(batches[1]!.stores.map((s) => s.content)).toEqual(['m2', 'm3']);

    const late = writer.store(send('m4'), after);
    batches[1]!.finish();
    await Promise.all(rest);
    await turn();
    batches[2]!.finish();
    await late;
    expect(announced).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('a failed batch rejects only its own messages; the one started after it is stored and announced', async () => {
    const { batches, commitBatch } = controlledRepo();
    const writer = chatWriter({ commitBatch });
    const announced: string[] = [];
    const after = (r: StoreResult) => void (r.kind === 'stored' && announced.push(r.row.content));

    const first = writer.store(send('lost'), after);
    await turn();
    const second = writer.store(send('kept'), after);
    batches[0]!.fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await turn();
    batches[1]!.finish();
    await expect(second).resolves.toMatchObject({ kind: 'stored' });
    expect(announced).toEqual(['kept']);
  });

  it('a statement taken up between batches waits for the one in flight, and the next batch waits for it', async () => {
    const { batches, commitBatch } = controlledRepo();
    const writer = chatWriter({ commitBatch });
    const first = writer.store(send('m1'));
    await turn();
    // An event:room statement asked for while m1's batch is in the database.
    let finishStatement = () => {};
    let statementStartedWith = -1;
    const statement = writer.between(
      () =>
        new Promise<string>((resolve) => {
          statementStartedWith = batches.length;
          finishStatement = () => resolve('rows');
        }),
    );
    const second = writer.store(send('m2'));
    await turn();
    expect(statementStartedWith).toBe(-1);
    batches[0]!.finish();
    await first;
    await turn();
    // It ran after m1's batch, and m2's batch has not started beside it.
    expect(statementStartedWith).toBe(1);
    expect(batches).toHaveLength(1);
    finishStatement();
    await expect(statement).resolves.toBe('rows');
    await turn();
    expect(batches).toHaveLength(2);
    batches[1]!.finish();
    await expect(second).resolves.toMatchObject({ kind: 'stored' });
  });

  it('a failed statement between batches does not hold the next batch back', async () => {
    const { batches, commitBatch } = controlledRepo();
    const writer = chatWriter({ commitBatch });
    await expect(writer.between(() => Promise.reject(new Error('statement timeout')))).rejects.toThrow('statement timeout');
    const next = writer.store(send('m1'));
    await turn();
    batches[0]!.finish();
    await expect(next).resolves.toMatchObject({ kind: 'stored' });
  });

  describe('read positions', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const read = (upTo: string): ReadRequest => ({ roomId: 1, memberId: 2, upTo });

    it('a read waits for the next message and shares its commit (a batch of both, in the metrics)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { batches, commitBatch } = controlledRepo();
      const committed: string[] = [];
      const writer = chatWriter({ commitBatch }, (_seconds, batch) => committed.push(batch));
      const reading = writer.read(read('10'));
      await turn();
      expect(batches).toHaveLength(0);
      const sending = writer.store(send('m1'));
      await turn();
      expect(batches.map((b) => ({ stores: b.stores.map((s) => s.content), reads: b.reads.map((r) => r.upTo) }))).toEqual([{ stores: ['m1'], reads: ['10'] }]);
      expect(committed).toEqual([]);
      batches[0]!.finish();
      await expect(sending).resolves.toMatchObject({ kind: 'stored' });
      await expect(reading).resolves.toBeUndefined();
      expect(committed).toEqual(['both']);
      // Nothing is left to fire: the timer went with the reads.
      vi.advanceTimersByTime(READ_HOLD_MS);
      await turn();
      expect(batches).toHaveLength(1);
    });

    it('with no message coming, reads are stored on their own after READ_HOLD_MS, together and in order', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { batches, commitBatch } = controlledRepo();
      const committed: string[] = [];
      const writer = chatWriter({ commitBatch }, (_seconds, batch) => committed.push(batch));
      const reads = [writer.read(read('10')), writer.read(read('11'))];
      vi.advanceTimersByTime(READ_HOLD_MS - 1);
      await turn();
      expect(batches).toHaveLength(0);
      vi.advanceTimersByTime(1);
      await turn();
      expect(batches.map((b) => ({ stores: b.stores.length, reads: b.reads.map((r) => r.upTo) }))).toEqual([{ stores: 0, reads: ['10', '11'] }]);
      batches[0]!.fail(new Error('disk full'));
      // A read the database refused is refused to its sender (socket.ts answers it with an ERROR).
      for (const r of reads) await expect(r).rejects.toThrow('disk full');
      // A batch the database refused is not timed as a commit.
      expect(committed).toEqual([]);
    });
  });
});
