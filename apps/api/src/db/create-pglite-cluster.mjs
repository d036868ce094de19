// Creates an empty PGlite database directory, then exits (run by client.ts in a child process).
// PGlite's initdb touches about 700 MB of WebAssembly memory that a process never gives back;
// done here, the server opens the finished directory as on any later start
// (docs/decisions/0026-embedded-database-memory.md).
// Usage: node create-pglite-cluster.mjs <pgdata> <start parameters as JSON>
import { PGlite } from '@electric-sql/pglite';

const [pgdata, startParams] = process.argv.slice(2);
const client = new PGlite(pgdata, { startParams: JSON.parse(startParams) });
await client.waitReady;
await client.close();
