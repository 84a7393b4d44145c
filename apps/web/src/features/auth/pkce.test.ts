import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64url, codeChallenge, generateCodeVerifier } from './pkce';
import { sha256 } from '@noble/hashes/sha2.js';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('sha256 (pure JS fallback)', () => {
  it('matches the standard test vectors', () => {
    expect(hex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with crypto.subtle on inputs that cross block boundaries', async () => {
    for (const length of [55, 56, 63, 64, 65, 128, 200]) {
      const data = utf8('x'.repeat(length));
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
      expect(hex(sha256(data))).toBe(hex(expected));
    }
  });
});

describe('PKCE', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes verifiers of 43–128 unreserved characters, different every time', () => {
    const a = generateCodeVerifier();
    const b = generateCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9\-_]{43,128}$/);
    expect(a).not.toBe(b);
  });

  it('derives the RFC 7636 example challenge with crypto.subtle', async () => {
    await expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('derives the same challenge where crypto.subtle is missing (plain http on a LAN address)', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real), subtle: undefined });
    await expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('base64url has no padding or + /', () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
  });
});
