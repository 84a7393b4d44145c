// Pure-JS SHA-256 for pages served over plain http from a LAN address, where browsers
// leave crypto.subtle undefined.
import { sha256 } from '@noble/hashes/sha2.js';

/** Where the browser that asked for a reset keeps its PKCE code verifier. */
export const PKCE_VERIFIER_KEY = 'portal.pkce_verifier';

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 64 characters from the unreserved set (RFC 7636 wants 43–128). */
export function generateCodeVerifier(): string {
  const bytes = new Uint8Array(48);
  crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** base64url(SHA-256(verifier)): crypto.subtle where the page is a secure context, else JS. */
export async function codeChallenge(verifier: string): Promise<string> {
  const data = new TextEncoder().encode(verifier);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const digest = await subtle.digest('SHA-256', data);
    return base64url(new Uint8Array(digest));
  }
  return base64url(sha256(data));
}

export function storeCodeVerifier(verifier: string): void {
  localStorage.setItem(PKCE_VERIFIER_KEY, verifier);
}

export function readCodeVerifier(): string | null {
  return localStorage.getItem(PKCE_VERIFIER_KEY);
}

export function clearCodeVerifier(): void {
  localStorage.removeItem(PKCE_VERIFIER_KEY);
}
