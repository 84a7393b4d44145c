export interface SelfSigned {
  dir: string;
  certFile: string;
  keyFile: string;
  cert: Buffer;
  /** base64 SHA-256 of the public key, for Chrome's --ignore-certificate-errors-spki-list */
  spki: string;
}
export function selfSignedCertificate(prefix?: string): SelfSigned;
