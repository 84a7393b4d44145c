import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SelfSigned {
  dir: string;
  certFile: string;
  keyFile: string;
  cert: Buffer;
}

/**
 * A throwaway certificate for 127.0.0.1 and localhost, made with the system's `openssl` (Debian's
 * base image has it), so no test key is kept in the repository. A client trusts it by passing
 * `cert` as its `ca`.
 */
export function selfSignedCertificate(name = 'portal-tls-'): SelfSigned {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  return { dir, certFile, keyFile, cert: fs.readFileSync(certFile) };
}
