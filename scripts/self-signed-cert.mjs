// A throwaway certificate for 127.0.0.1 and localhost, for the tests and the benchmarks that run the
// portal over HTTPS (decision 023). Made with the system's `openssl` (Debian's base image has it),
// so no private key is kept in the repository.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Writes `cert.pem` and `key.pem` (P-256, valid two days) in a new temporary folder. A Node client
 * trusts it by passing `cert` as its `ca`; Chrome by `--ignore-certificate-errors-spki-list=<spki>`.
 */
export function selfSignedCertificate(prefix = 'portal-tls-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile);
  // Chrome's allow-list names a certificate by the SHA-256 of its public key (SPKI), in base64.
  const spki = createHash('sha256').update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
  return { dir, certFile, keyFile, cert, spki };
}
