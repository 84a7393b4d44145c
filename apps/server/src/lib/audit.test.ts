import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { audit } from './audit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('keeps codes, names and numbers but never a secret, however deep it sits', async () => {
  const db = server.ctx.db;
  await audit(db, {
    actorId: null,
    action: 'test.audited',
    entity: 'test',
    entityId: 'redaction',
    after: {
      code: 'FLT-001',
      name: 'Filter',
      password: 'hunter22',
      nested: { access_token: 't', password_hash: 'h', recovery_code: 'c', code_verifier: 'v', warehouse_code: 'WH-1' },
      lines: [{ item_code: 'X-1', secret: 's' }],
    },
  });
  const [row] = await db.select().from(auditLog).where(eq(auditLog.entityId, 'redaction'));
  expect(row!.after).toEqual({
    code: 'FLT-001',
    name: 'Filter',
    password: '[redacted]',
    nested: { access_token: '[redacted]', password_hash: '[redacted]', recovery_code: '[redacted]', code_verifier: '[redacted]', warehouse_code: 'WH-1' },
    lines: [{ item_code: 'X-1', secret: '[redacted]' }],
  });
});
