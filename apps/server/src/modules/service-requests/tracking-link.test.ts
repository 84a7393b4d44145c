import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/rows.js';
import { requestIdOfTrackingToken, revokeTrackingToken, trackingTokenOf, trackingUrl, TRACKING_TOKEN_PATTERN } from './index.js';

let server: TestServer;
let ids: string[];

beforeAll(async () => {
  server = await startTestServer();
  ids = rowsOf<{ id: string }>(await server.ctx.db.execute(sql`select id from service_requests order by created_at limit 2`)).map((r) => r.id);
});
afterAll(() => server?.close());

describe('tracking links (decision 014)', () => {
  it('gives each request one stable, unguessable token and stores only its hash', async () => {
    const [a, b] = ids as [string, string];
    const token = await trackingTokenOf(server.ctx.db, a);
    expect(token).toMatch(TRACKING_TOKEN_PATTERN);
    expect(await trackingTokenOf(server.ctx.db, a)).toBe(token);
    expect(await trackingTokenOf(server.ctx.db, b)).not.toBe(token);
    expect(await requestIdOfTrackingToken(server.ctx.db, token)).toBe(a);
    const stored = rowsOf<{ token_hash: string }>(await server.ctx.db.execute(sql`select token_hash from tracking_links where request_id = ${a}::uuid`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(trackingUrl('https://portal.example.com', token)).toBe(`https://portal.example.com/track/${token}`);
  });

  it('refuses malformed and unknown tokens', async () => {
    expect(await requestIdOfTrackingToken(server.ctx.db, 'short')).toBeNull();
    expect(await requestIdOfTrackingToken(server.ctx.db, "'; drop table tracking_links; --")).toBeNull();
    expect(await requestIdOfTrackingToken(server.ctx.db, 'A'.repeat(32))).toBeNull();
  });

  it('revoking stops the old link and issues a new one', async () => {
    const a = ids[0]!;
    const old = await trackingTokenOf(server.ctx.db, a);
    const fresh = await revokeTrackingToken(server.ctx.db, a);
    expect(fresh).not.toBe(old);
    expect(await requestIdOfTrackingToken(server.ctx.db, old)).toBeNull();
    expect(await requestIdOfTrackingToken(server.ctx.db, fresh)).toBe(a);
    expect(await trackingTokenOf(server.ctx.db, a)).toBe(fresh);
  });

  it('re-issues the link under this installation’s secret after a foreign restore', async () => {
    const b = ids[1]!;
    const before = await trackingTokenOf(server.ctx.db, b);
    await server.ctx.db.execute(sql`update tracking_links set token_hash = 'foreign' where request_id = ${b}::uuid`);
    expect(await requestIdOfTrackingToken(server.ctx.db, before)).toBeNull();
    expect(await trackingTokenOf(server.ctx.db, b)).toBe(before);
    expect(await requestIdOfTrackingToken(server.ctx.db, before)).toBe(b);
  });
});
