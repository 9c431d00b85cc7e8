import { clear, createStore, del, set, values, type UseStore } from 'idb-keyval';
import { z } from 'zod';

const OUTBOX_DB = 'lunchchat-outbox';
const OUTBOX_STORE = 'messages';

const outboxEntrySchema = z.object({
  clientMessageId: z.string().min(1),
  roomId: z.number().int().positive(),
  content: z.string(),
  /** ISO-8601, the moment the user pressed send. */
  createdAt: z.string(),
  /** Position in the send queue; strictly increasing in the order the user sent. */
  order: z.number(),
  status: z.enum(['pending', 'failed']),
  /** Why the server refused it (the ERROR frame's message). */
  error: z.string().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Where the outbox keeps its entries; IndexedDB in the app, memory in tests and as a fallback. */
export interface OutboxStorage {
  getAll(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(clientMessageId: string): Promise<void>;
  clear(): Promise<void>;
}

/** Its own database, so clearing the outbox (logout) never touches anything else. */
export function idbOutboxStorage(): OutboxStorage {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(OUTBOX_DB, OUTBOX_STORE));
  return {
    async getAll() {
      const raw = await values<unknown>(db());
      // Stored data is input too (an older version, another tab, a hand edit): keep what parses.
      const entries: OutboxEntry[] = [];
      for (const value of raw) {
        const parsed = outboxEntrySchema.safeParse(value);
        if (parsed.success) entries.push(parsed.data);
      }
      return entries;
    },
    put: (entry) => set(entry.clientMessageId, entry, db()),
    delete: (clientMessageId) => del(clientMessageId, db()),
    clear: () => clear(db()),
  };
}
