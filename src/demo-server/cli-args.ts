/**
 * The demo server's command line (`npm run demo-server -- ...`), parsed apart
 * from cli.ts so that tests can check it without starting a server.
 * The /__demo admin endpoints exist only with --admin-key.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DemoConfigOverrides } from './config';
import { FEATURE_FLAGS, type FeatureFlag } from '../shared/model/platform/features';

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number`);
  return n;
}

function adminKey(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < 8) throw new Error('--admin-key must be at least 8 characters');
  return value;
}

function mfaCode(value: string | undefined): string | undefined {
  if (value !== undefined && !/^\d{4,10}$/.test(value)) throw new Error('--mfa-code must be 4 to 10 digits');
  return value;
}

function organizationLayout(value: string | undefined): 'interleaved' | 'blocks' | undefined {
  if (value !== undefined && value !== 'interleaved' && value !== 'blocks') throw new Error('--organization-layout is interleaved or blocks');
  return value;
}

/** `--tls-cert` and `--tls-key` go together; each names a PEM file. */
function tlsFiles(cert: string | undefined, key: string | undefined): { cert: string; key: string } | undefined {
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) throw new Error('--tls-cert and --tls-key go together');
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      throw new Error(`--${name}: ${file} cannot be read`);
    }
  };
  return { cert: read(cert, 'tls-cert'), key: read(key, 'tls-key') };
}

export function parseDemoArgs(argv: string[]): DemoConfigOverrides {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'admin-key': { type: 'string' },
      devices: { type: 'string' },
      'big-folder-items': { type: 'string' },
      'largest-file-bytes': { type: 'string' },
      'checksum-max-bytes': { type: 'string' },
      'zip-max-entries': { type: 'string' },
      'content-version': { type: 'string' },
      'token-ttl': { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      feature: { type: 'string', multiple: true },
      'restore-job-seconds': { type: 'string' },
      'mfa-code': { type: 'string' },
      'real-instance': { type: 'boolean' },
      'organization-layout': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
    },
    strict: true,
  });
  const features: Partial<Record<FeatureFlag, boolean>> = {};
  for (const entry of values.feature ?? []) {
    const [name, state] = entry.split('=');
    if (!(FEATURE_FLAGS as readonly string[]).includes(name ?? '')) throw new Error(`Unknown feature ${name}`);
    features[name as FeatureFlag] = state !== 'off' && state !== 'false';
  }
  if (values.host && values.host !== '127.0.0.1' && values.host !== 'localhost') {
    throw new Error('The demo server listens on loopback only');
  }
  return {
    port: number(values.port, 'port'),
    host: values.host,
    seed: values.seed,
    adminKey: adminKey(values['admin-key']),
    accessTokenTtlSeconds: number(values['token-ttl'], 'token-ttl'),
    sizes: {
      devices: number(values.devices, 'devices'),
      bigFolderItems: number(values['big-folder-items'], 'big-folder-items'),
      largestFileBytes: number(values['largest-file-bytes'], 'largest-file-bytes'),
      checksumMaxBytes: number(values['checksum-max-bytes'], 'checksum-max-bytes'),
      zipMaxEntries: number(values['zip-max-entries'], 'zip-max-entries'),
      restoreJobSeconds: number(values['restore-job-seconds'], 'restore-job-seconds'),
    },
    contentVersion: number(values['content-version'], 'content-version'),
    mfaCode: mfaCode(values['mfa-code']),
    realInstance: values['real-instance'],
    organizationLayout: organizationLayout(values['organization-layout']),
    tls: tlsFiles(values['tls-cert'], values['tls-key']),
    faults: { latencyMs: number(values.latency, 'latency'), errorRate: number(values['error-rate'], 'error-rate') },
    features,
  };
}
