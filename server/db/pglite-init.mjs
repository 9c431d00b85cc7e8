// Run in a child process by client.ts: creates a PGlite data folder (initdb) and exits. initdb
// grows PGlite's memory to ~900 MB and a process never gets that back, so doing it here keeps the
// server at the ~350 MB a PGlite opened on an existing folder needs.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init <dataDir>');
const client = await PGlite.create(dataDir);
await client.close();
