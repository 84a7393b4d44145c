// The V8 flags the server runs with, wherever it is started (`npm start`, the benchmarks, the
// browser tests; README's commands for several instances and package.json's `start` repeat them,
// apps/server/test/node-flags.test.ts keeps those in step).
// The server shares a few cores with PostgreSQL, and what it allocates per request is short-lived:
// - a 16 MB semi-space, V8's default, stated: 64 and then 32 MB made young-generation collections
//   rarer, but under fast load the young generation (two semi-spaces) took the memory peak over its
//   goal, and 16 MB measured no slower (decision 009, sessions 20 and 29);
// - collecting the young generation on the main thread alone avoids waiting for V8's helper
//   threads when PostgreSQL holds the other cores: with them, on two shared cores, these
//   collections took 10–13 ms each instead of ~2 (measured: docs/performance.md, session 9);
// - no allocation-site pretenuring: V8 decides per allocation site to allocate straight in the old
//   generation when its objects survived a while, and keeps that decision when they no longer do.
//   A server that had been idle or busy with something else (here: while a million requests were
//   imported) kept request-path objects pretenured under load, and every young collection cost
//   ~6 times as much: p95 13–14 ms instead of 8 (decision 009, docs/performance.md, session 10).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--no-parallel-scavenge', '--no-allocation-site-pretenuring'];
