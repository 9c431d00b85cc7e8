import { clear, createStore, del, set, values, type UseStore } from 'idb-keyval';

const OUTBOX_DB = 'lunchchat-outbox';
const OUTBOX_STORE = 'messages';

export interface OutboxEntry {
  clientMessageId: string;
  roomId: number;
  content: string;
  /** ISO-8601, the moment the user pressed send. */
  createdAt: string;
  /** Position in the send queue; strictly increasing in the order the user sent. */
  order: number;
  status: 'pending' | 'failed';
  /** Why the server refused it (the ERROR frame's message). */
  error?: string;
}

/** A stored entry as this version writes it, or null (checked by hand: the chat chunk loads no zod, decision 0022). */
function readEntry(value: unknown): OutboxEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const { clientMessageId, roomId, content, createdAt, order, status, error } = value as Record<string, unknown>;
  if (typeof clientMessageId !== 'string' || clientMessageId.length === 0) return null;
  if (!Number.isInteger(roomId) || (roomId as number) <= 0 || typeof content !== 'string' || typeof createdAt !== 'string') return null;
  if (typeof order !== 'number' || Number.isNaN(order) || (status !== 'pending' && status !== 'failed')) return null;
  if (error !== undefined && typeof error !== 'string') return null;
  return { clientMessageId, roomId: roomId as number, content, createdAt, order, status, ...(error === undefined ? {} : { error }) };
}

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
        const entry = readEntry(value);
        if (entry) entries.push(entry);
      }
      return entries;
    },
    put: (entry) => set(entry.clientMessageId, entry, db()),
    delete: (clientMessageId) => del(clientMessageId, db()),
    clear: () => clear(db()),
  };
}
