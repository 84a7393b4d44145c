import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('security headers', () => {
  it('sends helmet’s headers, with our CSP, on API answers, errors and the web app', async () => {
    for (const url of ['/api/health', '/api/nowhere', '/dashboard']) {
      const res = await server.call('GET', url);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeTruthy();
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('lets the API docs keep their own CSP (Swagger UI needs inline styles)', async () => {
    const res = await server.call('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  });
});
