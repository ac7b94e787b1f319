/**
 * The server's self-signed certificate, made once and kept in the data folder: the fingerprint the tills pin must
 * not change between restarts. Node's crypto cannot write an X.509 certificate, and no certificate library is a
 * dependency, so the `openssl` command line makes it (P-256, ten years); a clear message says so when it is missing.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerCertificate { key: string; cert: string; fingerprint: string }

export function certificateFingerprint(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256.replace(/:/g, '').toLowerCase();
}

export function ensureCertificate(dataDir: string): ServerCertificate {
  const keyPath = join(dataDir, 'server-key.pem');
  const certPath = join(dataDir, 'server-cert.pem');
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    const tmpKey = `${keyPath}.tmp`, tmpCert = `${certPath}.tmp`;
    try {
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-sha256', '-days', '3650',
        '-subj', '/CN=Mostrador shop server', '-keyout', tmpKey, '-out', tmpCert,
      ], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new Error(missing
        ? 'the server needs the `openssl` command to make its TLS certificate once; install OpenSSL, or run on 127.0.0.1'
        : `openssl could not make the certificate: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`);
    }
    chmodSync(tmpKey, 0o600);
    renameSync(tmpCert, certPath);
    renameSync(tmpKey, keyPath);
  }
  const cert = readFileSync(certPath, 'utf8');
  return { key: readFileSync(keyPath, 'utf8'), cert, fingerprint: certificateFingerprint(cert) };
}
