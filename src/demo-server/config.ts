/**
 * Demo RMM API configuration. Everything that shapes the generated data,
 * token lifetimes, feature flags and fault injection lives here, so tests can
 * start a server that behaves exactly as they need.
 */
import type { FeatureFlags } from '../shared/model/platform/features';
import type { UserPermissions } from '../shared/model/session';

export interface DemoUser {
  id: number;
  login: string;
  name: string;
  email: string;
  userType: 'TECHNICIAN' | 'END_USER';
  permissions: UserPermissions;
  /** The user's phone (GET /api/appuser/current `phone`); none when absent. */
  phone?: string;
}

export interface DemoClient {
  clientId: string;
  /** Absent for public clients (authorization code with PKCE). */
  secret?: string;
  /** The user a client_credentials token acts as. */
  userId?: number;
}

interface DemoFaults {
  /** Added latency before every API answer, in ms. */
  latencyMs: number;
  /** Share of API calls (0..1) answered with a 5xx. */
  errorRate: number;
  /** Only calls whose path matches this pattern get errors (default: all API calls); see path-pattern.ts (never a RegExp). */
  errorPathPattern?: string;
  /** Drop the connection after this many body bytes of a response. */
  dropAfterBytes?: number;
  /** Only responses whose path matches this pattern are dropped (default: every API call); see path-pattern.ts. */
  dropPathPattern?: string;
  /** How many more responses to drop (absent: every matching one). */
  dropTimes?: number;
  /** Access tokens older than this are refused even before their stated expiry. */
  tokenMaxAgeSeconds?: number;
  /**
   * Signed file URLs send their headers, then one byte every 100 ms and never
   * the end, while this is on (a server that stalls without going quiet, so
   * no socket timeout fires); turned off, a held answer sends the rest.
   */
  holdSignedFiles?: boolean;
  /**
   * Download answers (file revisions, folder zips, image files) send every
   * byte before this offset of the file, then stop and keep the connection
   * open until the switch is removed (then the rest follows).
   */
  holdDownloadsAtByte?: number;
}

interface DemoDataSizes {
  devices: number;
  organizations: number;
  /** Items in the one huge folder of the showcase device. */
  bigFolderItems: number;
  /** Revisions per backed-up file (most files; some have fewer). */
  revisionsPerFile: number;
  /** Backup jobs (dates) per plan. */
  jobsPerPlan: number;
  /** The largest generated file, in bytes (files are generated on the fly, never stored). */
  largestFileBytes: number;
  /** Downloads of files up to this size carry `x-checksum-sha256` (computed once, memoised). */
  checksumMaxBytes: number;
  /** Folder zips with more entries than this answer 422 instead. */
  zipMaxEntries: number;
  /**
   * How long a restore job runs, in seconds (wall clock from its creation;
   * fractions allowed). A destinationPath containing `SLOW-JOB` runs 10× longer.
   */
  restoreJobSeconds: number;
}

export interface DemoConfig {
  seed: string;
  host: string;
  port: number;
  /**
   * Key for the /__demo admin endpoints (fault injection at run time). Empty: the
   * endpoints do not exist (the default, and always so in the embedded demo);
   * `--admin-key` on the CLI or a test's config turns them on.
   */
  adminKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  features: FeatureFlags;
  users: DemoUser[];
  /** The division's configuration and the security configuration (GET /api/appuser/current), sent as they are. */
  divisionConfig: unknown;
  securityConfig: unknown;
  clients: DemoClient[];
  sizes: DemoDataSizes;
  faults: DemoFaults;
  /**
   * Changes the bytes (and ETag) of every downloadable file and zip; switchable at
   * run time (`PATCH /__demo/config`) to simulate "the file changed on the server".
   */
  contentVersion: number;
  /** The second factor the deletion calls accept in the `x-mfa-code` header (the demo's "authenticator app"). */
  mfaCode: string;
  /**
   * Answers carry what a real instance sends beyond the spec: other device
   * classes, unknown plan types, destinations, statuses and bldTypes, and one
   * unreadable item per list (data/real-instance.ts).
   */
  realInstance: boolean;
  /**
   * How devices are spread over organizations: 'interleaved' (device n in
   * organization n mod count, the default) or 'blocks' (the first devices all
   * in the first organization, and so on), where a late organization's restore
   * targets come after the first page of the device list.
   */
  organizationLayout: 'interleaved' | 'blocks';
  /**
   * Serve https with this certificate and key (PEM), as real instances do; null:
   * plain http (the default). `--tls-cert FILE --tls-key FILE` on the CLI; the
   * downloads bench generates a CA and a loopback certificate.
   */
  tls: { cert: string; key: string } | null;
}

export const DEMO_PUBLIC_CLIENT_ID = 'rmm-console';
export const DEMO_CLIENT_ID = 'demo-console';
export const DEMO_CLIENT_SECRET = 'demo-console-secret';

export function defaultDemoConfig(): DemoConfig {
  return {
    seed: 'rmm-demo',
    host: '127.0.0.1',
    port: 0,
    adminKey: '',
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 30 * 24 * 3600,
    features: {
      restore_original_location: true,
      backup_ntfs_permissions: true,
      cloud_image_mounting: true,
      macff: true,
      backup_arrow_image: true,
      ninja_academy: true,
      // Off: the console loads Autotask accounts and products as full lists; on, it pages them (routes/psa/psa.ts).
      autotask_big_data: false,
    },
    users: [
      {
        id: 1,
        login: 'tech',
        name: 'Alex Morgan',
        email: 'alex.morgan@demo-msp.example',
        phone: '+1 206 555 0142',
        userType: 'TECHNICIAN',
        permissions: { canViewAndRestoreBackupData: true, canAdministerPsa: true, canApproveNodes: true, canRejectNodes: true },
      },
      {
        id: 2,
        login: 'limited',
        name: 'Robin Lee',
        email: 'robin.lee@demo-msp.example',
        userType: 'TECHNICIAN',
        permissions: { canViewAndRestoreBackupData: false, canAdministerPsa: false, canApproveNodes: false, canRejectNodes: false },
      },
    ],
    divisionConfig: { name: 'Demo MSP', timeZone: 'America/Los_Angeles', dateFormat: 'MM/dd/yyyy', currency: 'USD' },
    securityConfig: { resetPasswordViaLink: true, acceptInvitationViaLink: false, allowedIPSubnets: ['10.0.0.0/8', '192.168.1.0/24'] },
    clients: [
      { clientId: DEMO_PUBLIC_CLIENT_ID },
      { clientId: DEMO_CLIENT_ID, secret: DEMO_CLIENT_SECRET, userId: 1 },
      { clientId: 'demo-limited', secret: 'demo-limited-secret', userId: 2 },
    ],
    sizes: {
      devices: 120,
      organizations: 8,
      bigFolderItems: 100_000,
      revisionsPerFile: 12,
      jobsPerPlan: 240,
      largestFileBytes: 8 * 1024 ** 3,
      checksumMaxBytes: 2 * 1024 ** 3,
      zipMaxEntries: 20_000,
      restoreJobSeconds: 20,
    },
    faults: { latencyMs: 0, errorRate: 0 },
    contentVersion: 0,
    mfaCode: '123456',
    realInstance: false,
    organizationLayout: 'interleaved',
    tls: null,
  };
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };
export type DemoConfigOverrides = DeepPartial<DemoConfig>;

export function mergeDemoConfig(base: DemoConfig, overrides: DemoConfigOverrides = {}): DemoConfig {
  return {
    ...base,
    ...stripUndefined(overrides),
    features: { ...base.features, ...stripUndefined(overrides.features ?? {}) },
    sizes: { ...base.sizes, ...stripUndefined(overrides.sizes ?? {}) },
    faults: { ...base.faults, ...stripUndefined(overrides.faults ?? {}) },
    users: overrides.users ?? base.users,
    clients: overrides.clients ?? base.clients,
  } as DemoConfig;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
