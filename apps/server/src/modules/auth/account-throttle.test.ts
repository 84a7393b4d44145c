import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rateLimits, users } from '../../db/schema.js';
import { putSetting } from '../settings/index.js';
import { createUser, outbox, startTestServer, type TestServer } from '../../../test/harness.js';

// Security issue #22: 40 guesses against one account from 8 addresses were all evaluated.
const MAX = 5;
const LOCK_S = 900;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_ACCOUNT_FAILURES_MAX: String(MAX),
    RATE_LIMIT_ACCOUNT_WINDOW_S: '3600',
    RATE_LIMIT_ACCOUNT_LOCK_S: String(LOCK_S),
  });
});
afterAll(() => server.close());

const signIn = (email: string, password: string, ip: string) =>
  server.call('POST', '/api/auth/token?grant_type=password', { body: { email, password }, ip });
const addresses = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);

const mailsTo = async (email: string) => (await outbox(server)).filter((m) => m.includes(`To: ${email}`));
/** Waits for the background mail (or long enough to be sure there is none). */
async function settledMailsTo(email: string, expected: number) {
  const deadline = Date.now() + 5000;
  while ((await mailsTo(email)).length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300));
  return mailsTo(email);
}

/** Ends the account's current lock, as if its time had passed (its failures stay counted). */
const endLock = (email: string) =>
  server.ctx.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(sql`starts_with(${rateLimits.key}, ${`login-lock:${email}:`})`);

/** When the account's lock ends, from its row in the database. */
async function lockEnd(email: string): Promise<Date> {
  const [lock] = await server.ctx.db
    .select()
    .from(rateLimits)
    .where(sql`starts_with(${rateLimits.key}, ${`login-lock:${email}:`})`);
  return lock!.resetAt;
}

/** Lets every counter of the account expire, as if hours had passed. */
const forgetAccount = (email: string) =>
  server.ctx.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(sql`${rateLimits.key} like ${`login-%:${email}:%`}`);

async function lockOut(email: string, from = addresses) {
  for (let i = 0; i < MAX; i++) {
    const res = await signIn(email, 'wrong-password', from[i % from.length]!);
    expect(res.statusCode, `failure ${i + 1}`).toBe(400);
    expect(res.json().error.code).toBe('invalid_credentials');
  }
}

function expectLocked(res: Awaited<ReturnType<typeof signIn>>, lockS = LOCK_S) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error.code).toBe('rate_limited');
  const retryAfter = res.json().error.retry_after;
  expect(retryAfter).toBeGreaterThan(lockS - 60);
  expect(retryAfter).toBeLessThanOrEqual(lockS);
  expect(Number(res.headers['retry-after'])).toBe(retryAfter);
}

describe('account-wide sign-in throttle', () => {
  it('locks an account after N failures from any mix of addresses, and does not check the password while locked', async () => {
    const { user, email, password } = await createUser(server);
    await server.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
    const other = await createUser(server);

    // 40 guesses from 8 addresses: only the first N are evaluated.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await signIn(email, `guess-${i}`, addresses[i % 8]!);
      statuses.push(res.statusCode);
      if (i >= MAX) expectLocked(res);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX);
    expect(statuses.slice(MAX).every((s) => s === 429)).toBe(true);

    // The right password, from an address never seen before, gets the same answer.
    expectLocked(await signIn(email, password, '203.0.113.77'));
    expectLocked(await signIn(email, password, addresses[0]!));

    // Attempts during the lock were not counted: the window holds the N evaluated failures.
    const [counted] = await server.ctx.db
      .select({ n: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int` })
      .from(rateLimits)
      .where(sql`starts_with(${rateLimits.key}, ${`login-account:${email}:`})`);
    expect(Number(counted!.n)).toBe(MAX);

    // Another account, from the same addresses, is not affected.
    for (const ip of addresses) expect((await signIn(other.email, other.password, ip)).statusCode).toBe(200);

    // One mail to the owner for the lock, in their language, with the facts.
    const mails = await settledMailsTo(email, 1);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain('sign-in to your account was paused');
    expect(mail).toContain(`Failed attempts: ${MAX}`);
    expect(mail).toContain(`Different network addresses they came from: ${MAX}`);
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short', numberingSystem: 'latn', timeZone: 'Asia/Riyadh' }).format(
      await lockEnd(email),
    );
    expect(mail).toContain(`Sign-in opens again at: ${until} (Asia/Riyadh)`);
    expect(mail).toContain('http://localhost:3000/forgot-password');
    // English first, the Arabic below it.
    expect(mail.indexOf('Hello')).toBeLessThan(mail.indexOf('مرحباً'));
    expect(mail).toContain('<div dir="ltr">');
  });

  it('mails an Arabic-speaking owner in Arabic, right to left, in the company time zone', async () => {
    const { email } = await createUser(server, { name: 'سارة' });
    await putSetting(server.ctx.db, 'time_zone', 'Asia/Dubai', null);
    let mails: string[];
    try {
      await lockOut(email);
      expectLocked(await signIn(email, 'x-wrong', addresses[7]!));
      mails = await settledMailsTo(email, 1);
    } finally {
      await putSetting(server.ctx.db, 'time_zone', 'Asia/Riyadh', null);
    }
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.indexOf('مرحباً سارة')).toBeGreaterThan(-1);
    expect(mail.indexOf('مرحباً')).toBeLessThan(mail.indexOf('Hello'));
    expect(mail.indexOf('<div dir="rtl">')).toBeLessThan(mail.indexOf('<div dir="ltr">'));
    expect(mail).toContain(`عدد المحاولات الفاشلة: ${MAX}`);
    expect(mail).toContain(`عدد عناوين الشبكة المختلفة التي جاءت منها: ${MAX}`);
    const until = new Intl.DateTimeFormat('ar', { dateStyle: 'full', timeStyle: 'short', numberingSystem: 'latn', timeZone: 'Asia/Dubai' }).format(
      await lockEnd(email),
    );
    expect(mail).toContain(`يُتاح تسجيل الدخول مجدداً في: ${until} (Asia/Dubai)`);
    expect(mail).toContain('«نسيت كلمة المرور؟»');
  });

  it('answers an unknown email exactly the same, and mails no one', async () => {
    const before = (await outbox(server)).length;
    const email = `ghost-${randomBytes(3).toString('hex')}@nowhere.test`;
    await lockOut(email);
    expectLocked(await signIn(email, 'anything-at-all', addresses[6]!));
    await new Promise((r) => setTimeout(r, 500));
    expect((await outbox(server)).length).toBe(before);
  });

  it('keeps "forgot password" and the mailed code working during the lock; the new password signs in at once', async () => {
    const { email, password } = await createUser(server);
    await lockOut(email);
    expectLocked(await signIn(email, password, addresses[5]!));

    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const recover = await server.call('POST', '/api/auth/recover', {
      ip: '192.0.2.50',
      body: { email, code_challenge: challenge, code_challenge_method: 'S256', redirect_to: '/reset-password' },
    });
    expect(recover.statusCode).toBe(200);
    const reset = (await settledMailsTo(email, 2)).find((m) => m.includes('reset-password?code='))!;
    const code = /reset-password\?code=([A-Za-z0-9_-]+)/.exec(reset)![1]!;
    const exchanged = await server.call('POST', '/api/auth/token?grant_type=pkce', {
      ip: '192.0.2.50',
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.statusCode).toBe(200);
    const set = await server.call('PUT', '/api/auth/user', { token: exchanged.json().access_token, body: { password: 'a-brand-new-pass' } });
    expect(set.statusCode).toBe(200);

    // The reset cleared the account's failures: the new password works during the old lock,
    // and the old password is simply wrong again (evaluated, not refused).
    expect((await signIn(email, 'a-brand-new-pass', '192.0.2.50')).statusCode).toBe(200);
    expect((await signIn(email, password, addresses[1]!)).statusCode).toBe(400);
    expect((await signIn(email, 'a-brand-new-pass', addresses[1]!)).statusCode).toBe(200);
  });

  it('lets the owner in once the lock ends; the next failure locks again, for longer, with another mail', async () => {
    const { email, password } = await createUser(server);
    await lockOut(email);
    expectLocked(await signIn(email, password, addresses[0]!));
    expect(await settledMailsTo(email, 1)).toHaveLength(1);

    await endLock(email);
    expect((await signIn(email, password, addresses[0]!)).statusCode).toBe(200);

    // The failures are still in the rolling hour: one more locks again, twice as long.
    expect((await signIn(email, 'wrong-again', addresses[3]!)).statusCode).toBe(400);
    expectLocked(await signIn(email, password, addresses[0]!), 2 * LOCK_S);
    expect(await settledMailsTo(email, 2)).toHaveLength(2);

    // Once the window has passed too, the account starts from zero.
    await forgetAccount(email);
    for (let i = 0; i < MAX - 1; i++) expect((await signIn(email, 'wrong', addresses[i]!)).statusCode).toBe(400);
    expect((await signIn(email, password, addresses[0]!)).statusCode).toBe(200);
  });

  it('does not let a successful sign-in erase the failures other addresses made', async () => {
    const { email, password } = await createUser(server);
    for (let i = 0; i < MAX - 1; i++) expect((await signIn(email, 'attacker-guess', addresses[i]!)).statusCode).toBe(400);
    expect((await signIn(email, password, '192.0.2.10')).statusCode).toBe(200);
    // The attacker's next failure reaches N and locks the account.
    expect((await signIn(email, 'attacker-guess', addresses[7]!)).statusCode).toBe(400);
    expectLocked(await signIn(email, 'attacker-guess', addresses[6]!));
  });

  it('counts over a rolling window: failures older than the window no longer count', async () => {
    const { email, password } = await createUser(server);
    for (let i = 0; i < MAX - 1; i++) expect((await signIn(email, 'old-guess', addresses[i]!)).statusCode).toBe(400);
    await forgetAccount(email);
    for (let i = 0; i < MAX - 1; i++) expect((await signIn(email, 'new-guess', addresses[i]!)).statusCode).toBe(400);
    expect((await signIn(email, password, addresses[0]!)).statusCode).toBe(200);
  });

  it('sums the slices of the rolling window in the shared database', async () => {
    const key = `test-rolling-${randomBytes(3).toString('hex')}`;
    expect(await server.ctx.limiter.hitRolling(key, 3600)).toBe(1);
    expect(await server.ctx.limiter.hitRolling(key, 3600)).toBe(2);
    // An older slice (five minutes back) still in the window counts; one past its end does not.
    const slice = Math.floor(Date.now() / 1000 / 300);
    await server.ctx.limiter.hit(`${key}#${slice - 1}`, 3000);
    await server.ctx.limiter.hit(`${key}#${slice - 2}`, 3000);
    await server.ctx.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `${key}#${slice - 2}`));
    expect(await server.ctx.limiter.hitRolling(key, 3600)).toBe(4);
  });
});
