import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_IP_MAX: '8',
    RATE_LIMIT_IP_WINDOW_S: '300',
    RATE_LIMIT_LOGIN_FAILURES_MAX: '3',
    RATE_LIMIT_LOGIN_WINDOW_S: '900',
  });
});
afterAll(() => server.close());

const signIn = (email: string, password: string, ip: string) =>
  server.call('POST', '/api/auth/token?grant_type=password', { body: { email, password }, ip });

describe('rate limits', () => {
  it('locks (ip, email) after repeated failures, without locking the real user out from elsewhere', async () => {
    const took: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect((await signIn('tech1@demo.test', 'wrong-pass', '10.0.0.1')).statusCode).toBe(400);
      took.push(Date.now() - started);
    }
    // Failures slow down before they lock (the third waits 500 ms more than the first).
    expect(took[2]!).toBeGreaterThanOrEqual(500);
    const locked = await signIn('tech1@demo.test', 'demo12345', '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    expect(locked.json().error.retry_after).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBe(locked.json().error.retry_after);
    // The same account from another address still signs in.
    expect((await signIn('tech1@demo.test', 'demo12345', '10.0.0.2')).statusCode).toBe(200);
    // Another account from the locked address too.
    expect((await signIn('tech2@demo.test', 'demo12345', '10.0.0.1')).statusCode).toBe(200);
  });

  it('limits sign-in, sign-up and recovery calls per address, in one shared window', async () => {
    const ip = '10.0.0.9';
    const calls = [
      () => signIn('customer1@demo.test', 'demo12345', ip),
      () => server.call('POST', '/api/auth/signup', { ip, body: { email: `x${Math.random()}@t.test`, password: 'longenough', name: 'X', mobile: '+966500000000' } }),
      () => server.call('POST', '/api/auth/recover', { ip, body: { email: 'nobody@t.test', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', redirect_to: '/reset-password' } }),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await calls[i % 3]!()).statusCode);
    expect(statuses.slice(0, 8).every((s) => s < 400)).toBe(true);
    expect(statuses[8]).toBe(429);
    // Another address is not affected.
    expect((await signIn('customer1@demo.test', 'demo12345', '10.0.0.10')).statusCode).toBe(200);
  });

  it('keeps counts in the database, so every instance shares them', async () => {
    const { count } = await server.ctx.limiter.peek('auth-ip:10.0.0.9');
    expect(count).toBeGreaterThanOrEqual(9);
  });
});
