// The chat's group commit (server/modules/chat/writer.ts) with a database stand-in whose batches
// finish when the test says: what a broadcast sees, and in which order.
import { describe, expect, it } from 'vitest';
import { chatWriter } from '../../server/modules/chat/writer';
import type { ChatRepo, StoreRequest, StoreResult } from '../../server/modules/chat/repo';

type CommitBatch = ChatRepo['commitBatch'];

function controlledRepo() {
  const batches: Array<{ stores: readonly StoreRequest[]; finish(): void; fail(error: Error): void }> = [];
  const commitBatch: CommitBatch = (stores) =>
    new Promise((resolve, reject) => {
      batches.push({
        stores,
        finish: () =>
          resolve({
            stored: stores.map((s, i): StoreResult => ({
              kind: 'stored',
              row: { id: String(batches.length * 1000 + i), roomId: s.roomId, senderId: s.senderId, content: s.content, clientMessageId: null, createdMs: 0 },
              room: { id: s.roomId, memberA: 1, memberB: 2, aLeft: false, bLeft: false, aUnread: 0, bUnread: 1 },
            })),
            read: [],
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
});
