// `transfers`: approve + receive through the portal's API with 16 concurrent clients, against
// the same locked SQL run directly over pg with 16 connections (lock the transfer, lock the
// stock rows in (item, warehouse) order, insert the movements, update the levels, update the
// status, append the timeline), on one throwaway PostgreSQL database. Then the ledger
// invariant over the whole database: every level equals the sum of its movements, none negative.
import pg from 'pg';
import { createReport, rounds, signIn, SMOKE, startPortal } from './lib/harness.mjs';

const CLIENTS = Number(process.env.BENCH_TR_CLIENTS ?? 16);
const ITEMS = 20;
const LINES = 2;
/** Pending transfers prepared per measured run (each run drains its own queue). */
const PER_RUN = Number(process.env.BENCH_TR_PER_RUN ?? (SMOKE ? 64 : 400));

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `worker(item)` over `items` with `n` at a time; resolves when all are done. */
async function parallel(n, items, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await worker(items[next++]);
    }),
  );
}

async function prepare(portal, supervisor, warehouses, items, count) {
  const ids = [];
  await parallel(CLIENTS, Array.from({ length: count }, (_, i) => i), async (i) => {
    // Random items in random order, so lock ordering matters.
    const picked = new Set();
    while (picked.size < LINES) picked.add(items[(i * 7 + picked.size * 13 + Math.floor(Math.random() * ITEMS)) % ITEMS]);
    const t = await api(portal.url, supervisor, 'POST', '/api/transfers', {
      from_warehouse_id: warehouses.main,
      to_warehouse_id: warehouses.branch,
      lines: [...picked].map((item_id) => ({ item_id, quantity: '1' })),
    });
    ids.push(t.id);
  });
  return ids;
}

/** The statements the service runs for one transition, on one pg client. */
async function directTransition(client, id, actorId, action) {
  await client.query('begin');
  try {
    const { rows: [t] } = await client.query('select id, number, status, from_warehouse_id, to_warehouse_id from transfers where id = $1 for update', [id]);
    const expected = action === 'approve' ? 'pending' : 'approved';
    if (t.status !== expected) throw new Error(`direct: ${t.number} is ${t.status}`);
    const warehouse = action === 'approve' ? t.from_warehouse_id : t.to_warehouse_id;
    const sign = action === 'approve' ? '-' : '';
    const kind = action === 'approve' ? 'transfer_out' : 'transfer_in';
    const { rows: lines } = await client.query('select item_id, quantity::text as quantity from transfer_lines where transfer_id = $1 order by item_id', [id]);
    const items = lines.map((l) => l.item_id);
    await client.query(
      `insert into stock_levels (item_id, warehouse_id) select unnest($1::uuid[]), $2::uuid order by 1 on conflict do nothing`,
      [items, warehouse],
    );
    const { rows: levels } = await client.query(
      'select item_id, quantity::text as quantity from stock_levels where warehouse_id = $2 and item_id = any($1::uuid[]) order by item_id, warehouse_id for update',
      [items, warehouse],
    );
    if (action === 'approve') {
      for (const l of lines) {
        const level = levels.find((x) => x.item_id === l.item_id);
        if (Number(level.quantity) < Number(l.quantity)) throw new Error('direct: insufficient stock');
      }
    }
    await client.query(
      `insert into stock_movements (item_id, warehouse_id, quantity, kind, document_type, document_id, document_number, actor_id)
       select unnest($1::uuid[]), $2::uuid, unnest($3::numeric[]), $4::movement_kind, 'transfer', $5::uuid, $6, $7::uuid`,
      [items, warehouse, lines.map((l) => `${sign}${l.quantity}`), kind, id, t.number, actorId],
    );
    await client.query(
      `update stock_levels l set quantity = l.quantity + d.delta, updated_at = now()
       from (select unnest($1::uuid[]) as item_id, unnest($3::numeric[]) as delta) d
       where l.item_id = d.item_id and l.warehouse_id = $2`,
      [items, warehouse, lines.map((l) => `${sign}${l.quantity}`)],
    );
    const status = action === 'approve' ? 'approved' : 'completed';
    const set = action === 'approve' ? 'decided_by = $3, decided_at = now()' : 'received_by = $3, received_at = now()';
    await client.query(`update transfers set status = $2, ${set}, updated_at = now() where id = $1`, [id, status, actorId]);
    await client.query('insert into transfer_events (transfer_id, from_status, to_status, actor_id) values ($1, $2, $3, $4)', [id, t.status, status, actorId]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

const INVARIANT_BREAKS = `
  select
    (select count(*) from stock_levels l full join (
       select item_id, warehouse_id, sum(quantity) as total from stock_movements group by item_id, warehouse_id
     ) m on m.item_id = l.item_id and m.warehouse_id = l.warehouse_id
     where coalesce(l.quantity, 0) <> coalesce(m.total, 0))
  + (select count(*) from stock_levels where quantity < 0) as breaks`;

export async function run() {
  const report = createReport('transfers');
  const portal = await startPortal({ db: 'postgres' });
  const pool = new pg.Pool({ connectionString: portal.databaseUrl, max: CLIENTS });
  try {
    const supervisor = (await signIn(portal.url, 'supervisor@demo.test')).access_token;
    const adminSession = await signIn(portal.url, 'admin@demo.test');
    const admin = adminSession.access_token;
    const whs = (await api(portal.url, admin, 'GET', '/api/warehouses?limit=100')).items;
    const warehouses = { main: whs.find((w) => w.code === 'WH-MAIN').id, branch: whs.find((w) => w.code === 'WH-BR1').id };

    // Items with plenty of stock in the main warehouse, put there through the API (adjustments),
    // in a category of their own (an item's category must exist: issue #24).
    await api(portal.url, admin, 'POST', '/api/item-categories', { code: 'Bench', name_ar: 'قطع القياس', name_en: 'Bench parts' });
    const items = [];
    for (let i = 0; i < ITEMS; i++) {
      const item = await api(portal.url, admin, 'POST', '/api/items', {
        code: `BENCH-TR-${i}`,
        name: `قطعة اختبار ${i}`,
        category: 'Bench',
        unit: 'pcs',
        min_quantity: '0',
        price: '1.00',
        tax_rate: '15',
      });
      await api(portal.url, supervisor, 'POST', '/api/adjustments', {
        warehouse_id: warehouses.main,
        item_id: item.id,
        quantity_change: '1000000',
        reason: 'initial_stock',
      });
      items.push(item.id);
    }

    report.note(`PostgreSQL; ${CLIENTS} clients; transfers of ${LINES} lines from the main warehouse to the branch; ${PER_RUN} per run`);
    const samples = { api: [], direct: [], ratio: [] };
    await rounds(async () => {
      // Through the API: approve (admin) then receive (admin), 16 transfers at a time.
      const viaApi = await prepare(portal, supervisor, warehouses, items, PER_RUN);
      let started = performance.now();
      await parallel(CLIENTS, viaApi, async (id) => {
        await api(portal.url, admin, 'POST', `/api/transfers/${id}/approve`, {});
        await api(portal.url, admin, 'POST', `/api/transfers/${id}/receive`, {});
      });
      const apiRate = viaApi.length / ((performance.now() - started) / 1000);

      // Directly over pg: the same locked statements, 16 connections.
      const direct = await prepare(portal, supervisor, warehouses, items, PER_RUN);
      started = performance.now();
      await parallel(CLIENTS, direct, async (id) => {
        const client = await pool.connect();
        try {
          await directTransition(client, id, adminSession.user.id, 'approve');
          await directTransition(client, id, adminSession.user.id, 'receive');
        } finally {
          client.release();
        }
      });
      const directRate = direct.length / ((performance.now() - started) / 1000);
      samples.api.push(apiRate);
      samples.direct.push(directRate);
      samples.ratio.push(apiRate / directRate);
    });
    report.figure('direct pg, approve+receive pairs/s', samples.direct, { unit: 'pairs/s', digits: 0 });
    report.figure('API, approve+receive pairs/s', samples.api, { unit: 'pairs/s', digits: 0 });
    report.figure('API / direct', samples.ratio, { goal: { op: '>=', value: 0.4 }, digits: 2 });

    const { rows: [inv] } = await pool.query(INVARIANT_BREAKS);
    report.figure('ledger invariant breaks', [Number(inv.breaks)], { goal: { op: '<=', value: 0 }, digits: 0 });
    const { rows: [left] } = await pool.query(`select count(*)::int as n from transfers t join transfer_lines l on l.transfer_id = t.id where t.status in ('pending', 'approved') and t.from_warehouse_id = $1 and l.item_id = any($2::uuid[])`, [warehouses.main, items]);
    if (left.n) throw new Error(`${left.n} benchmark transfer lines were left pending or in transit`);
  } finally {
    await pool.end();
    await portal.stop();
  }
  return report.save();
}
