// `realtime`: two server instances on one PostgreSQL database, 1,000 authenticated sockets
// spread over both, notifications committed through instance A (the admin's announcement to
// one user, the real API), received on the sockets of instance B.
// - commit → arrival on B (p50/p95/p99, goal p95 ≤ 100 ms): the bench LISTENs on the same
//   PostgreSQL channel; NOTIFY is delivered only at commit, so the moment it reaches the bench
//   is the commit as seen by a listener (B's listener gets it at the same moment). Both times
//   are taken in this process.
// - send → arrival on B: from the moment the announcement is sent to A, what a person sees;
//   split into A's request handling before its transaction (the notification's created_at is
//   now(), the transaction's start, on the same machine's clock) and the transaction to commit.
// - every socket gets exactly its own events: lost (an addressee's socket without it), foreign
//   (a socket that got one not addressed to its user), duplicated (the same event twice).
// See docs/performance.md.
import argon2 from '@node-rs/argon2';
import pg from 'pg';
import { DEMO_PASSWORD, ROUNDS, SMOKE, createReport, percentile, requireBuild, signIn, sleep, startPortal } from './lib/harness.mjs';
import { BenchSocket, pool } from './lib/ws-clients.mjs';

const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const SOCKETS = num('BENCH_RT_SOCKETS', SMOKE ? 100 : 1000);
const USERS = num('BENCH_RT_USERS', SMOKE ? 25 : 250);
const NOTIFICATIONS = num('BENCH_RT_NOTIFICATIONS', SMOKE ? 40 : 300);
/** Announcements per second sent to A (a busy shop, not a flood). */
const RATE = num('BENCH_RT_RATE', 30);
/** How long after the last send a missing event counts as lost. */
const DRAIN_MS = 5_000;

export async function run() {
  requireBuild();
  const report = createReport('realtime');
  const cleanup = [];
  try {
    // A seeds the demo data on a fresh throwaway database; B shares it and seeds nothing
    // (DEMO_DATA=0; the seed would skip a database with users anyway).
    const a = await startPortal({ db: 'postgres' });
    cleanup.push(() => a.stop());
    const b = await startPortal({ db: 'postgres', databaseUrl: a.databaseUrl, demo: false });
    cleanup.push(() => b.stop());
    report.note(`instances A :${a.port} and B :${b.port} on one PostgreSQL database; ${SOCKETS} sockets, ${USERS} users, ${NOTIFICATIONS} notifications/round at ${RATE}/s`);

    // Many distinct customers, made in SQL (sign-up hashes each password at full cost, which
    // takes minutes for hundreds), then signed in through the API like anyone else. Their
    // password hash is Argon2id at a low cost (its parameters travel in the hash), so signing
    // 250 users in takes seconds; the server verifies it the same way as any other.
    const cheapHash = await argon2.hash(DEMO_PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const client = new pg.Client({ connectionString: a.databaseUrl });
    await client.connect();
    cleanup.push(() => client.end());
    const { rows: created } = await client.query(
      `with u as (insert into users (email, name, role, mobile, password_hash, language)
                  select 'bench-' || g || '@bench.test', 'Bench Customer ' || g, 'customer', null, $2, 'en'
                  from generate_series(1, $1::int) g
                  returning id, email, name),
            c as (insert into customers (user_id, name, email) select id, name, email from u)
       select id, email from u order by email`,
      [USERS, cheapHash],
    );
    if (created.length !== USERS) throw new Error(`created ${created.length} of ${USERS} users`);

    let t = performance.now();
    // Sign in on alternate instances: tokens and sessions are valid on both.
    const users = await pool(created, 4, async (u, i) => {
      const session = await signIn(i % 2 ? b.url : a.url, u.email, DEMO_PASSWORD);
      return { id: u.id, email: u.email, token: session.access_token };
    });
    report.note(`${USERS} users signed in in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // Socket i belongs to user i mod USERS; the first USERS sockets go to A, the next to B, …
    // so every user has sockets on both instances.
    t = performance.now();
    const plan = Array.from({ length: SOCKETS }, (_, i) => ({ user: users[i % USERS], instance: Math.floor(i / USERS) % 2 ? 'B' : 'A' }));
    const sockets = [];
    cleanup.push(() => sockets.forEach((s) => s.close()));
    await pool(plan, 20, async (p) => {
      const s = await BenchSocket.open(p.instance === 'A' ? a.url : b.url, { userId: p.user.id, instance: p.instance });
      sockets.push(s);
      await s.signIn(p.user.token, ['notifications']);
    });
    const onB = sockets.filter((s) => s.instance === 'B').length;
    report.note(`${sockets.length} sockets authenticated and joined (${sockets.length - onB} on A, ${onB} on B) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    sockets.forEach((s, i) => (s.index = i));
    const byUser = new Map();
    for (const s of sockets) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);

    // The bench listens on the bus too: PostgreSQL hands it an event when (and only when) the
    // transaction commits, at the moment it hands it to B's listener.
    const listener = new pg.Client({ connectionString: a.databaseUrl });
    await listener.connect();
    cleanup.push(() => listener.end());
    const onBus = new Map(); // notification id → performance.now() when NOTIFY reached the bench
    listener.on('notification', (msg) => {
      const at = performance.now();
      try {
        const id = JSON.parse(msg.payload).payload?.ids?.[0];
        if (id) onBus.set(id, at);
      } catch {
        /* not ours */
      }
    });
    await listener.query('listen portal_events');

    const admin = await signIn(a.url, 'admin@demo.test');
    const announce = (userId, title) =>
      fetch(`${a.url}/api/admin/announcements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
        body: JSON.stringify({ audience: { kind: 'user', user_id: userId }, title, message: 'Realtime benchmark' }),
      });
    // Warm both instances' paths (first announcement, first dispatch) outside the measurement.
    for (let i = 0; i < 5; i++) await announce(users[i].id, `bench warm-up ${i}`);
    await sleep(500);
    sockets.forEach((s) => s.takeEvents());

    const samples = { lost: [], foreign: [], duplicated: [], failed: [], dropped: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const tag = `bench r${round} `;
      const sends = []; // k → { userId, sentAt, answeredAt, ok }
      const inflight = [];
      const start = performance.now();
      for (let k = 0; k < NOTIFICATIONS; k++) {
        const due = start + (k * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const user = users[(round * 7 + k) % USERS];
        const send = { userId: user.id, sentAt: performance.now(), answeredAt: NaN, ok: false };
        sends.push(send);
        inflight.push(
          announce(user.id, `${tag}${k}`)
            .then(async (res) => {
              send.answeredAt = performance.now();
              send.ok = res.ok;
              if (!res.ok) send.error = `${res.status} ${await res.text()}`;
              else await res.arrayBuffer();
            })
            .catch((err) => (send.error = String(err))),
        );
      }
      await Promise.all(inflight);
      const sendSeconds = (performance.now() - start) / 1000;

      // Which notification id is which send: the title carries the round and k.
      const { rows } = await client.query(
        `select id, user_id, params->>'title' as title, extract(epoch from created_at) * 1000 as tx_start_ms
         from notifications where params->>'title' like $1`,
        [`${tag}%`],
      );
      // created_at is now(): the start of the announcement's transaction, on the same clock as
      // this process (one machine); performance.timeOrigin turns arrivals into wall-clock time.
      const byId = new Map(
        rows.map((r) => [r.id, { userId: r.user_id, k: Number(r.title.slice(tag.length)), txStart: Number(r.tx_start_ms) - performance.timeOrigin }]),
      );
      const expected = sends.filter((s) => s.ok).reduce((n, s) => n + byUser.get(s.userId).length, 0);

      // Wait until every expected event arrived (or DRAIN_MS), then a little more for strays.
      const deadline = performance.now() + DRAIN_MS;
      const arrived = () => sockets.reduce((n, s) => n + s.events.filter((e) => e.event === 'notification.created').length, 0);
      while (arrived() < expected && performance.now() < deadline) await sleep(50);
      await sleep(300);

      const commitToB = []; // NOTIFY seen on the bus → arrival on B: the goal's figure
      const sendToB = []; // announcement sent to A → arrival on B: what a person would see
      let foreign = 0;
      let duplicated = 0;
      let lost = 0;
      let unstamped = 0;
      const got = new Set(); // `${socketIndex}:${k}`
      sockets.forEach((s) => {
        for (const e of s.takeEvents()) {
          if (e.event !== 'notification.created') continue;
          const id = e.payload?.ids?.[0];
          const known = id && byId.get(id);
          if (!known || known.userId !== s.userId) {
            foreign++;
            continue;
          }
          const key = `${s.index}:${known.k}`;
          if (got.has(key)) {
            duplicated++;
            continue;
          }
          got.add(key);
          if (s.instance === 'B') {
            sendToB.push(e.at - sends[known.k].sentAt);
            if (onBus.has(id)) commitToB.push(e.at - onBus.get(id));
            else unstamped++;
          }
        }
      });
      sends.forEach((send, k) => {
        if (!send.ok) return;
        for (const s of byUser.get(send.userId)) if (!got.has(`${s.index}:${k}`)) lost++;
      });
      // Where the time before the commit goes, per announcement: A's request handling before its
      // transaction began, then the transaction itself up to the commit being seen on the bus.
      const beforeTx = [];
      const txToBus = [];
      for (const [id, n] of byId) {
        beforeTx.push(n.txStart - sends[n.k].sentAt);
        if (onBus.has(id)) txToBus.push(onBus.get(id) - n.txStart);
      }
      const failed = sends.filter((s) => !s.ok);
      const dropped = sockets.filter((s) => !s.open).length;
      const api = sends.filter((s) => s.ok).map((s) => s.answeredAt - s.sentAt);

      const put = (name, values, ps) => ps.forEach((p) => (samples[`${name} p${p}`] ??= []).push(percentile(values, p)));
      put('commit→B', commitToB, [50, 95, 99]);
      put('send→B', sendToB, [50, 95, 99]);
      put('send→tx', beforeTx, [50, 95]);
      put('tx→commit', txToBus, [50, 95]);
      put('api', api, [50, 95]);
      samples.lost.push(lost);
      samples.foreign.push(foreign);
      samples.duplicated.push(duplicated);
      samples.failed.push(failed.length);
      samples.dropped.push(dropped);
      const f = (v) => v.toFixed(1);
      report.note(
        `round ${round + 1}: ${sends.length} sent in ${sendSeconds.toFixed(1)} s (${failed.length} failed${failed[0] ? ': ' + failed[0].error : ''}), ` +
          `${rows.length} committed, ${sendToB.length} arrivals on B: commit→B p50/p95/p99 ${f(percentile(commitToB, 50))}/${f(percentile(commitToB, 95))}/${f(percentile(commitToB, 99))} ms, ` +
          `send→B ${f(percentile(sendToB, 50))}/${f(percentile(sendToB, 95))}/${f(percentile(sendToB, 99))} ms; ` +
          `lost ${lost}, foreign ${foreign}, duplicated ${duplicated}, sockets closed ${dropped}${unstamped ? `, ${unstamped} arrivals without a bus time` : ''}`,
      );
    }

    const ms = { unit: 'ms' };
    report.figure('commit → arrival on B, p50', samples['commit→B p50'], ms);
    report.figure('commit → arrival on B, p95', samples['commit→B p95'], { ...ms, goal: { op: '<=', value: 100 } });
    report.figure('commit → arrival on B, p99', samples['commit→B p99'], ms);
    report.figure('lost events (all sockets)', samples.lost, { goal: { op: '<=', value: 0 }, digits: 0 });
    report.figure('foreign events (all sockets)', samples.foreign, { goal: { op: '<=', value: 0 }, digits: 0 });
    report.figure('duplicated events (all sockets)', samples.duplicated, { goal: { op: '<=', value: 0 }, digits: 0 });
    report.figure('send to A → arrival on B, p50', samples['send→B p50'], ms);
    report.figure('send to A → arrival on B, p95', samples['send→B p95'], ms);
    report.figure('send to A → arrival on B, p99', samples['send→B p99'], ms);
    report.figure('  of which: send → transaction start, p50', samples['send→tx p50'], ms);
    report.figure('  of which: send → transaction start, p95', samples['send→tx p95'], ms);
    report.figure('  of which: transaction start → commit, p50', samples['tx→commit p50'], ms);
    report.figure('  of which: transaction start → commit, p95', samples['tx→commit p95'], ms);
    report.figure('announcement API on A (send → answer), p50', samples['api p50'], ms);
    report.figure('announcement API on A (send → answer), p95', samples['api p95'], ms);
    report.figure('failed announcements', samples.failed, { digits: 0 });
    report.figure('sockets closed during the run', samples.dropped, { digits: 0 });
    return report.save({ sockets: SOCKETS, users: USERS, notificationsPerRound: NOTIFICATIONS, ratePerSecond: RATE });
  } finally {
    for (const fn of cleanup.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`  cleanup: ${err?.message ?? err}`);
      }
    }
  }
}
