/**
 * The console over https (real instances are https): the
 * demo server serving TLS with a loopback certificate, the console refusing it
 * with a clear sentence until RMM_EXTRA_CA_CERTS names its authority, then
 * signing in, listing and downloading (the socket reader over TLS, a resume
 * after a drop answered with a Range over TLS), every byte checked.
 * setDefaultCACertificates is process-wide: the untrusted case runs first,
 * and the authorities trusted before the file are trusted again after it (the
 * files after it may run in the same process).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { EXTRA_CA_ENV, trustExtraCertificateAuthorities, trustExtraCertificateAuthoritiesFromEnv } from '../../src/main/services/platform/api/extra-ca';
import { cleanups, MIB, sha256Of, signedIn, start, vmDiskRequest, vmDiskRevision, waitFor } from '../helpers/downloads';
import { createTestServices, tempDir } from '../helpers/services';

const ROOT = resolve(import.meta.dirname, '../..');
const CERT = join(ROOT, 'tests/fixtures/tls/loopback-cert.pem');
const KEY = join(ROOT, 'tests/fixtures/tls/loopback-key.pem');
const F = DEMO_FIXTURES;
const trustedBefore = getCACertificates('default');
afterAll(() => setDefaultCACertificates(trustedBefore));

async function tlsDemo(): Promise<DemoServer> {
  const server = await startDemoServer({ sizes: { bigFolderItems: 1000, largestFileBytes: 24 * MIB }, tls: { cert: readFileSync(CERT, 'utf8'), key: readFileSync(KEY, 'utf8') } });
  cleanups.push(() => server.close());
  return server;
}

describe('https instances and RMM_EXTRA_CA_CERTS', () => {
  it('refuses a certificate from an unknown authority with a sentence that names the option', async () => {
    const server = await tlsDemo();
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const services = await createTestServices({ demo: server, keytar: null });
    cleanups.push(() => services.dispose());
    await expect(
      services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false }),
    ).rejects.toMatchObject({ code: 'UNTRUSTED_CERTIFICATE', message: expect.stringContaining(`${EXTRA_CA_ENV}`) as unknown as string });
  });

  it('says clearly what is wrong with a file it cannot use, and trusts nothing from it', () => {
    const folder = tempDir('rmm-ca-');
    expect(() => trustExtraCertificateAuthorities(join(folder, 'missing.pem'))).toThrow(`${EXTRA_CA_ENV}: ${join(folder, 'missing.pem')} cannot be read (ENOENT).`);
    writeFileSync(join(folder, 'key.pem'), readFileSync(KEY));
    expect(() => trustExtraCertificateAuthorities(join(folder, 'key.pem'))).toThrow('holds no PEM certificate');
    writeFileSync(join(folder, 'bad.pem'), '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
    expect(() => trustExtraCertificateAuthorities(join(folder, 'bad.pem'))).toThrow('certificate 1 in');
    expect(trustExtraCertificateAuthoritiesFromEnv({})).toBe(0);
  });

  it('with the authority trusted: signs in, lists, downloads over TLS and resumes after a drop, every byte verified', async () => {
    expect(trustExtraCertificateAuthoritiesFromEnv({ [EXTRA_CA_ENV]: CERT })).toBe(1);
    const server = await tlsDemo();
    const services = await signedIn(server);
    const page = await services.call<{ rows: unknown[] }>('backup.listPage', { location: { level: 'files', nodeId: F.nodeId, planUid: F.filePlan.uid, folderId: F.folders.data.id }, page: 0 });
    expect(page.rows.length).toBeGreaterThan(0);

    const { revision, expected } = vmDiskRevision(server);
    const folder = tempDir('rmm-dl-https-');
    Object.assign(server.config.faults, { dropAfterBytes: Math.floor(revision.size / 2), dropPathPattern: '/revisions/.+/data$', dropTimes: 1 });
    const sentBefore = server.stats.downloadBytesSent;
    const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.error ?? null).toBeNull();
    expect(done.state).toBe('completed');
    expect(done.verified).toBe('checksum');
    expect(server.stats.droppedConnections).toBe(1);
    // The second attempt asked for the rest only (a Range answer over TLS).
    expect(server.stats.downloadBytesSent - sentBefore).toBeLessThan(revision.size + 2 * MIB);
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
  });

  it('curl agrees: the demo serves the certificate the bench hands to curl with --cacert', async () => {
    const server = await tlsDemo();
    // Not spawnSync: the server answers from this process's event loop.
    const { stdout } = await promisify(execFile)('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '--cacert', CERT, `${server.url}/api/features`], { encoding: 'utf8' });
    expect(stdout).toMatch(/^(200|401|404)$/);
  });
});
