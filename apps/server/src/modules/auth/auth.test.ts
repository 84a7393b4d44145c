import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, customers, recoveryCodes, refreshTokens, sessions, users } from '../../db/schema.js';
import { createUser, outbox, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const token = (grant: string, body: unknown, ip?: string) =>
  server.call('POST', `/api/auth/token?grant_type=${grant}`, { body, ip });

describe('sign-up', () => {
  it('creates a customer (user + customer rows) with a trimmed, lowercased email and signs in', async () => {
    const res = await server.call('POST', '/api/auth/signup', {
      body: { email: '  New.Person@Example.TEST ', password: 'longenough', name: 'New Person', mobile: '+966 55 123 4567' },
    });
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session).toMatchObject({ token_type: 'bearer', user: { email: 'new.person@example.test', role: 'customer', name: 'New Person' } });
    expect(session.access_token).toBeTruthy();
    expect(session.refresh_token).toBeTruthy();
    const [customer] = await server.ctx.db.select().from(customers).where(eq(customers.userId, session.user.id));
    expect(customer).toMatchObject({ email: 'new.person@example.test', name: 'New Person', mobileNumber: '+966 55 123 4567' });
    const me = await server.call('GET', '/api/auth/user', { token: session.access_token });
    expect(me.json()).toMatchObject({ email: 'new.person@example.test', role: 'customer' });
  });

  it('ignores any role sent at sign-up: the account is always a customer', async () => {
    const res = await server.call('POST', '/api/auth/signup', {
      body: { email: 'sneaky@example.test', password: 'longenough', name: 'Sneaky', mobile: '+966500000123', role: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('customer');
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'sneaky@example.test'));
    expect(row!.role).toBe('customer');
    const admin = await server.call('POST', `/api/admin/users/${row!.id}/reset-password`, {
      token: res.json().access_token,
      body: { new_password: 'whatever123' },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('refuses a taken email (any case) with 409 email_taken and writes nothing', async () => {
    const before = await server.ctx.db.select().from(users);
    const res = await server.call('POST', '/api/auth/signup', {
      body: { email: 'ADMIN@demo.test', password: 'longenough', name: 'Dup', mobile: '+966500000123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
    expect(await server.ctx.db.select().from(users)).toHaveLength(before.length);
  });

  it('answers bad input with 400 and the fields at fault', async () => {
    const res = await server.call('POST', '/api/auth/signup', { body: { email: 'not-an-email', password: 'short', name: '', mobile: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { email: 'invalid_email', password: 'password_too_short', name: 'required', mobile: 'invalid_mobile' },
    });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('password sign-in', () => {
  it('returns the session shape with the user', async () => {
    const res = await token('password', { email: ' Admin@Demo.test', password: 'demo12345' });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email: 'admin@demo.test', role: 'admin', name: expect.any(String) } });
    expect(s.user).toHaveProperty('mobile');
    expect(Math.abs(s.expires_at - (Date.now() / 1000 + 3600))).toBeLessThan(5);
  });

  it('answers a wrong password and an unknown email alike: 400 invalid_credentials', async () => {
    const wrong = await token('password', { email: 'admin@demo.test', password: 'nope-nope' });
    const unknown = await token('password', { email: 'nobody@demo.test', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid email or password' });
    }
  });

  it('refuses a disabled account', async () => {
    const { email, password } = await createUser(server, { active: false });
    const res = await token('password', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_disabled');
  });

  it('refuses an unknown grant type and a body that does not fit the grant', async () => {
    expect((await token('magic', {})).statusCode).toBe(400);
    const res = await token('password', { refresh_token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ email: 'required', password: 'required' });
  });
});

describe('refresh tokens', () => {
  it('rotates the pair; the old refresh token is spent; reusing it revokes the whole session', async () => {
    const first = await server.signIn('customer1@demo.test');
    const sid = (await server.ctx.signer.verify(first.access_token))!.sessionId;
    const [before] = await server.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    await new Promise((r) => setTimeout(r, 5));
    const second = (await token('refresh_token', { refresh_token: first.refresh_token })).json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // A session in use slides forward.
    const [after] = await server.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
    expect((await server.call('GET', '/api/auth/user', { token: second.access_token })).statusCode).toBe(200);

    const reuse = await token('refresh_token', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('session_revoked');
    // The session is gone: its newest refresh token and its access token no longer work.
    expect((await token('refresh_token', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    const me = await server.call('GET', '/api/auth/user', { token: second.access_token });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('session_revoked');
  });

  it('refuses an unknown refresh token', async () => {
    const res = await token('refresh_token', { refresh_token: 'not-a-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_grant');
  });
});

describe('access tokens', () => {
  it('refuses a missing, malformed, foreign or expired token with 401', async () => {
    expect((await server.call('GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await server.call('GET', '/api/auth/user', { token: 'garbage' })).statusCode).toBe(401);
    const s = await server.signIn('customer1@demo.test');
    const [, payload] = s.access_token.split('.');
    const forged = `${s.access_token.split('.')[0]}.${payload}.${randomBytes(32).toString('base64url')}`;
    expect((await server.call('GET', '/api/auth/user', { token: forged })).statusCode).toBe(401);
    const expired = await server.ctx.signer.sign({ userId: s.user.id, sessionId: 'x', role: 'customer', recovery: false }, -10);
    const res = await server.call('GET', '/api/auth/user', { token: expired.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('follows a role change or a deactivation on the very next request, not the token', async () => {
    const { user, email, password } = await createUser(server, { role: 'admin' });
    const s = await server.signIn(email, password);
    const target = await createUser(server);
    const path = `/api/admin/users/${target.user.id}/reset-password`;
    expect((await server.call('POST', path, { token: s.access_token, body: { new_password: 'fresh-pass-1' } })).statusCode).toBe(200);
    // The session is cached now; changes go through the admin API, which invalidates it.
    const admin = await server.signIn('admin@demo.test');
    const demote = await server.call('PATCH', `/api/admin/users/${user.id}`, { token: admin.access_token, body: { role: 'customer' } });
    expect(demote.statusCode).toBe(200);
    expect((await server.call('POST', path, { token: s.access_token, body: { new_password: 'fresh-pass-2' } })).statusCode).toBe(403);
    const disable = await server.call('PATCH', `/api/admin/users/${user.id}`, { token: admin.access_token, body: { active: false } });
    expect(disable.statusCode).toBe(200);
    expect((await server.call('GET', '/api/auth/user', { token: s.access_token })).statusCode).toBe(401);
  });

  it('answers the profile from the session the hook loaded, and a profile change shows at once', async () => {
    const { email, password } = await createUser(server);
    const s = await server.signIn(email, password);
    expect((await server.call('GET', '/api/auth/user', { token: s.access_token })).json().name).not.toBe('Fresh name');
    await server.call('PUT', '/api/auth/user', { token: s.access_token, body: { name: 'Fresh name' } });
    expect((await server.call('GET', '/api/auth/user', { token: s.access_token })).json().name).toBe('Fresh name');
  });
});

describe('sign-out', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const s = await server.signIn('customer2@demo.test');
    expect((await server.call('POST', '/api/auth/logout', { token: s.access_token })).statusCode).toBe(200);
    expect((await server.call('GET', '/api/auth/user', { token: s.access_token })).statusCode).toBe(401);
    expect((await token('refresh_token', { refresh_token: s.refresh_token })).statusCode).toBe(401);
  });
});

describe('profile updates', () => {
  it('updates name, mobile and language, and keeps the customer row in step', async () => {
    const { user, email, password } = await createUser(server);
    const s = await server.signIn(email, password);
    const res = await server.call('PUT', '/api/auth/user', { token: s.access_token, body: { name: 'Renamed', mobile: '+966511111111', language: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', mobile: '+966511111111', language: 'en' });
    const [c] = await server.ctx.db.select().from(customers).where(eq(customers.userId, user.id));
    expect(c).toMatchObject({ name: 'Renamed', mobileNumber: '+966511111111' });
  });

  it('refuses unknown fields and bad values with 400, changing nothing', async () => {
    const { user, email, password } = await createUser(server);
    const s = await server.signIn(email, password);
    const res = await server.call('PUT', '/api/auth/user', { token: s.access_token, body: { name: 'Ok', role: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('role');
    const short = await server.call('PUT', '/api/auth/user', { token: s.access_token, body: { name: 'Changed', password: 'short' } });
    expect(short.statusCode).toBe(400);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('customer');
    expect(row!.name).not.toBe('Changed');
  });

  it('a password change keeps this session and revokes the user\'s other sessions', async () => {
    const { email, password } = await createUser(server);
    const here = await server.signIn(email, password);
    const elsewhere = await server.signIn(email, password);
    const res = await server.call('PUT', '/api/auth/user', { token: here.access_token, body: { password: 'brand-new-pass' } });
    expect(res.statusCode).toBe(200);
    expect((await server.call('GET', '/api/auth/user', { token: here.access_token })).statusCode).toBe(200);
    expect((await server.call('GET', '/api/auth/user', { token: elsewhere.access_token })).statusCode).toBe(401);
    expect((await token('password', { email, password })).statusCode).toBe(400);
    expect((await token('password', { email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });
});

describe('password recovery (PKCE)', () => {
  const verifier = () => randomBytes(48).toString('base64url');
  const challengeOf = (v: string) => createHash('sha256').update(v).digest('base64url');
  const redirect = '/reset-password';

  async function requestCode(email: string, v: string) {
    const mails = (await outbox(server)).length;
    const res = await server.call('POST', '/api/auth/recover', {
      body: { email, code_challenge: challengeOf(v), code_challenge_method: 'S256', redirect_to: redirect },
    });
    expect(res.statusCode).toBe(200);
    const all = await outbox(server, mails + 1);
    const mail = all.at(-1)!;
    const code = /reset-password\?code=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    return { res, code: code!, mail, count: all.length };
  }

  it('mails a one-time link that only the asking browser (the verifier) can exchange, then sets the password', async () => {
    const { email, password } = await createUser(server);
    const other = await server.signIn(email, password);
    const v = verifier();
    const { code, mail } = await requestCode(email, v);
    expect(mail).toContain(`To: ${email}`);
    expect(code).toBeTruthy();
    // The link is on the portal's configured origin (HOST:PORT in a test, PUBLIC_URL in production).
    expect(mail).toContain(`http://localhost:3000/reset-password?code=${code}`);

    const wrongVerifier = await token('pkce', { auth_code: code, code_verifier: verifier() });
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json().error.code).toBe('recovery_code_invalid');

    const exchanged = await token('pkce', { auth_code: code, code_verifier: v });
    expect(exchanged.statusCode).toBe(200);
    const recovery = exchanged.json();
    expect(recovery.recovery).toBe(true);

    // A recovery session may only set a password.
    const rename = await server.call('PUT', '/api/auth/user', { token: recovery.access_token, body: { name: 'Hacker' } });
    expect(rename.statusCode).toBe(403);
    const set = await server.call('PUT', '/api/auth/user', { token: recovery.access_token, body: { password: 'recovered-pass' } });
    expect(set.statusCode).toBe(200);

    expect((await token('password', { email, password: 'recovered-pass' })).statusCode).toBe(200);
    expect((await token('password', { email, password })).statusCode).toBe(400);
    // Other sessions ended with the password change.
    expect((await server.call('GET', '/api/auth/user', { token: other.access_token })).statusCode).toBe(401);
    // The code worked once.
    expect((await token('pkce', { auth_code: code, code_verifier: v })).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { user, email } = await createUser(server);
    const v = verifier();
    const { code } = await requestCode(email, v);
    await server.ctx.db
      .update(recoveryCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    const res = await token('pkce', { auth_code: code, code_verifier: v });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('recovery_code_invalid');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await outbox(server)).length;
    const res = await server.call('POST', '/api/auth/recover', {
      body: { email: 'ghost@nowhere.test', code_challenge: challengeOf(verifier()), code_challenge_method: 'S256', redirect_to: redirect },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // A later request for a real account is mailed; a mail for the ghost would have come first.
    const { email } = await createUser(server);
    const { mail, count } = await requestCode(email, verifier());
    expect(count).toBe(before + 1);
    expect(mail).toContain(`To: ${email}`);
    expect((await outbox(server)).some((m) => m.includes('ghost@nowhere.test'))).toBe(false);
  });

  it('refuses a link that points at another site', async () => {
    const res = await server.call('POST', '/api/auth/recover', {
      body: { email: 'admin@demo.test', code_challenge: challengeOf(verifier()), code_challenge_method: 'S256', redirect_to: 'https://evil.test/reset' },
      headers: { host: 'localhost:80' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ redirect_to: 'invalid_url' });
  });

  // Issue #22, item 2: the attacker chose the Host (and the PKCE challenge), so a link on the
  // Host's origin would hand them the victim's code — with PUBLIC_URL set or not.
  it.each([
    ['without PUBLIC_URL', {}],
    ['with PUBLIC_URL set', { PUBLIC_URL: 'https://portal.example.com' }],
  ])('never mails a link on the origin of the request\'s Host or X-Forwarded-Host (%s)', async (_, env) => {
    const other = Object.keys(env).length ? await startTestServer(env) : server;
    try {
      const { email } = await createUser(other);
      const before = (await outbox(other)).length;
      const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
      for (const redirect_to of ['http://evil.example/reset-password', '//evil.example/reset-password', 'http://evil.example:3000/reset-password']) {
        const res = await other.call('POST', '/api/auth/recover', {
          body: { email, code_challenge: challengeOf(verifier()), code_challenge_method: 'S256', redirect_to },
          headers: hostile,
        });
        expect(res.statusCode, redirect_to).toBe(400);
        expect(res.json().error.fields).toEqual({ redirect_to: 'invalid_url' });
      }

      // A path is put on the configured origin, whatever the Host said.
      const ok = await other.call('POST', '/api/auth/recover', {
        body: { email, code_challenge: challengeOf(verifier()), code_challenge_method: 'S256', redirect_to: '/reset-password' },
        headers: hostile,
      });
      expect(ok.statusCode).toBe(200);
      const mails = await outbox(other, before + 1);
      // That mail is the only one: the refused requests before it sent nothing.
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1)!;
      const origin = 'PUBLIC_URL' in env ? 'https://portal.example.com' : 'http://localhost:3000';
      expect(mail).toContain(`${origin}/reset-password?code=`);
      expect(mail).not.toContain('evil.example');
    } finally {
      if (other !== server) await other.close();
    }
  });
});

describe('admin password reset', () => {
  it('lets an admin set another user\'s password, ends that user\'s sessions and writes the audit log', async () => {
    const admin = await server.signIn('admin@demo.test');
    const { user, email, password } = await createUser(server);
    const victim = await server.signIn(email, password);
    const res = await server.call('POST', `/api/admin/users/${user.id}/reset-password`, {
      token: admin.access_token,
      body: { new_password: 'set-by-admin' },
    });
    expect(res.statusCode).toBe(200);
    expect((await server.call('GET', '/api/auth/user', { token: victim.access_token })).statusCode).toBe(401);
    expect((await token('password', { email, password: 'set-by-admin' })).statusCode).toBe(200);
    const entries = await server.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries.map((e) => e.action)).toContain('user.password_reset');
    expect(JSON.stringify(entries)).not.toContain('set-by-admin');
  });

  it('is refused to every other role (403), and answers 404 for an unknown user and 400 for a weak password', async () => {
    const { user } = await createUser(server);
    for (const email of ['supervisor@demo.test', 'tech1@demo.test', 'customer1@demo.test']) {
      const s = await server.signIn(email);
      const res = await server.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: s.access_token, body: { new_password: 'whatever123' } });
      expect(res.statusCode).toBe(403);
    }
    const admin = await server.signIn('admin@demo.test');
    const missing = await server.call('POST', `/api/admin/users/${crypto.randomUUID()}/reset-password`, {
      token: admin.access_token,
      body: { new_password: 'whatever123' },
    });
    expect(missing.statusCode).toBe(404);
    const weak = await server.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: admin.access_token, body: { new_password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ new_password: 'password_too_short' });
  });
});

describe('sessions table', () => {
  it('stores refresh tokens only as hashes', async () => {
    const s = await server.signIn('tech2@demo.test');
    const rows = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, s.user.id));
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(await server.ctx.db.select().from(refreshTokens));
    expect(dump).not.toContain(s.refresh_token);
  });
});
