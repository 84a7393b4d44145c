import { describe, expect, it } from 'vitest';
import { ZEmail, ZMobile, ZSignupRequest, ZUpdateUserRequest } from './auth.js';

describe('auth schemas', () => {
  it('trims and lowercases emails before validating them', () => {
    expect(ZEmail.parse('  Someone@Example.COM ')).toBe('someone@example.com');
    expect(ZEmail.safeParse('not an email').success).toBe(false);
  });

  it('ignores a role sent at sign-up', () => {
    const parsed = ZSignupRequest.parse({ email: 'a@b.co', password: 'longenough', name: 'A', mobile: '+966500000000', role: 'admin' });
    expect(parsed).not.toHaveProperty('role');
  });

  it('wants passwords of at least 8 characters, with a code the client can translate', () => {
    const r = ZSignupRequest.safeParse({ email: 'a@b.co', password: 'short', name: 'A', mobile: '+966500000000' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('password_too_short');
  });

  it('accepts common phone formats and refuses letters', () => {
    expect(ZMobile.safeParse('+966 55 123 4567').success).toBe(true);
    expect(ZMobile.safeParse('055-123-4567').success).toBe(true);
    expect(ZMobile.safeParse('call me').success).toBe(false);
  });

  it('refuses unknown fields on a profile update (no role changes by the back door)', () => {
    expect(ZUpdateUserRequest.safeParse({ role: 'admin' }).success).toBe(false);
  });
});
