// The V8 flags the server runs with, wherever it is started (`npm start`, the benchmarks, the
// browser tests; README's commands for several instances and package.json's `start` repeat them,
// apps/server/test/node-flags.test.ts keeps those in step).
// The server shares a few cores with PostgreSQL, and what it allocates per request is short-lived:
// - a 64 MB semi-space (default 16) makes young-generation collections 2.5–3 times rarer;
// - collecting the young generation on the main thread alone avoids waiting for V8's helper
//   threads when PostgreSQL holds the other cores: with them, on two shared cores, these
//   collections took 10–13 ms each instead of ~2 (measured: docs/performance.md, session 9).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--no-parallel-scavenge'];
