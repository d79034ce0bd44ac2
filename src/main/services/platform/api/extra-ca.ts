/**
 * Trusting a private certificate authority: an instance,
 * or a test server, whose https certificate is signed by a CA the system does
 * not know. `RMM_EXTRA_CA_CERTS=/path/to/ca.pem` (one or more PEM
 * certificates) adds them to the CAs every https connection of the main
 * process checks against: the API and sign-in calls (got) and the download
 * bodies (the socket reader), in the desktop app and in browser mode alike.
 * The system's CAs stay trusted; certificates are still checked in full
 * (names, dates, chain). Read once at start; a file that cannot be used stops
 * the start with a sentence naming it, never a silent fallback.
 */
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { X509Certificate } from 'node:crypto';

export const EXTRA_CA_ENV = 'RMM_EXTRA_CA_CERTS';

/** Node's codes for a certificate that does not check out (unknown issuer, self-signed, expired, wrong name). */
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

export function isCertificateError(code: unknown): boolean {
  return typeof code === 'string' && CERTIFICATE_CODES.has(code);
}

/** What the technician is told when an instance's certificate is not trusted. */
export function untrustedCertificateMessage(host: string): string {
  return (
    `The certificate of ${host} is not trusted, so the console did not connect. ` +
    `If your instance uses a private certificate authority, start the console with ${EXTRA_CA_ENV} set to that authority's certificate file (PEM).`
  );
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The PEM certificates in a file's text, each checked to be a readable certificate. */
function certificatesIn(text: string, file: string): string[] {
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new Error(`${EXTRA_CA_ENV}: ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`);
  return blocks.map((pem, index) => {
    try {
      new X509Certificate(pem);
    } catch (error) {
      throw new Error(`${EXTRA_CA_ENV}: certificate ${index + 1} in ${file} cannot be read.`, { cause: error });
    }
    return pem;
  });
}

/** Adds the certificates of `file` to the CAs this process trusts; returns how many. */
export function trustExtraCertificateAuthorities(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new Error(`${EXTRA_CA_ENV}: ${file} cannot be read (${code}).`, { cause: error });
  }
  const extra = certificatesIn(text, file);
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), ...extra]);
  return extra.length;
}

/** At start: the file named by RMM_EXTRA_CA_CERTS, if set. */
export function trustExtraCertificateAuthoritiesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const file = env[EXTRA_CA_ENV]?.trim();
  return file ? trustExtraCertificateAuthorities(file) : 0;
}
