/**
 * Dashboards in one demo world: each device's last backup, derived from the
 * seed (the same seed, the same statuses), and the dashboard's failure
 * switches (../../routes/dashboard/dashboard.ts). A device without an agent
 * policy, or whose policy has no backup plan, is NOT_CONFIGURED; the others
 * ran their first plan with a status drawn from the seed (the showcase
 * devices fixed: File Server failed, Reception PC succeeded, Design iMac
 * warned).
 */
import type { DeviceBackupStatus } from '../../../shared/model/dashboard';
import { seededPolicies } from '../admin/policies';
import { rngFor } from '../random';
import type { DemoWorld } from '../world';

export interface DashboardSwitches {
  /** GET /api/dashboard/backup answers 500. */
  failBackupStatus: boolean;
  /** GET /api/dashboard/tickets answers 500. */
  failTickets: boolean;
  /** The backup answer ends with a device of a status of its own (RUNNING) and one record the console cannot read. */
  oddItems: boolean;
}

export const DEFAULT_DASHBOARD_SWITCHES: DashboardSwitches = { failBackupStatus: false, failTickets: false, oddItems: false };

const HOUR = 3_600_000;
const FIXED: Readonly<Record<number, 'FAILED' | 'SUCCEEDED' | 'WARNING'>> = { 1: 'FAILED', 2: 'SUCCEEDED', 3: 'WARNING' };
const FAILURES = ['The destination could not be reached.', 'Access denied to C:\\Users\\Shared.', 'The volume shadow copy failed.', 'The backup was cancelled: the device went offline.'];
const WARNINGS = ['3 files were in use and skipped.', 'The backup took longer than its window.', 'Some files changed while they were read.'];

/** The wire shape of one device (what GET /api/dashboard/backup lists). */
export interface WireDeviceBackup {
  nodeId: number;
  displayName: string;
  organizationId: number;
  organizationName: string;
  isUp: boolean;
  lastBackupTime: number | null;
  status: string;
  planName: string | null;
  message: string | null;
}

const stores = new WeakMap<DemoWorld, DashboardStore>();

export class DashboardStore {
  readonly switches: DashboardSwitches = { ...DEFAULT_DASHBOARD_SWITCHES };
  private readonly devices: WireDeviceBackup[];

  static of(world: DemoWorld): DashboardStore {
    let store = stores.get(world);
    if (!store) {
      store = new DashboardStore(world);
      stores.set(world, store);
    }
    return store;
  }

  private constructor(world: DemoWorld, now = Date.now()) {
    const plans = new Map(seededPolicies().map((policy) => [policy.id, policy.backupPlans.find((plan) => plan.enabled)?.identifier ?? null]));
    this.devices = world.devices().map((device) => {
      const rng = rngFor(world.config.seed, 'dashboard-backup', device.id);
      const planName = device.policyId == null ? null : (plans.get(device.policyId) ?? null);
      const base = { nodeId: device.id, displayName: device.displayName, organizationId: device.clientId, organizationName: device.organizationName, isUp: device.isUp, planName };
      if (planName === null) return { ...base, lastBackupTime: null, status: 'NOT_CONFIGURED', message: 'No backup plan applies to this device.' };
      const roll = rng.next();
      const status = FIXED[device.id] ?? (roll < 0.15 ? 'FAILED' : roll < 0.3 ? 'WARNING' : 'SUCCEEDED');
      const lastBackupTime = Math.round(now - (1 + rng.next() * 30) * HOUR);
      const message = status === 'FAILED' ? rng.pick(FAILURES) : status === 'WARNING' ? rng.pick(WARNINGS) : null;
      return { ...base, lastBackupTime, status, message };
    });
  }

  /** Every device (of one organization), as the API lists them; with `oddItems`, what a real instance may add. */
  list(organizationId?: number): unknown[] {
    const devices: unknown[] = this.devices.filter((d) => organizationId === undefined || d.organizationId === organizationId).map((d) => ({ ...d }));
    if (this.switches.oddItems) {
      const organization = organizationId ?? 1;
      devices.push({ nodeId: 990101, displayName: 'Build Server (REAL-LNX-101)', organizationId: organization, organizationName: `Organization ${organization}`, isUp: true, lastBackupTime: new Date().toISOString(), status: 'RUNNING', planName: 'Nightly', message: 'Backup in progress.' });
      devices.push({ nodeId: 'REAL-BROKEN-NODE', status: 'FAILED' });
    }
    return devices;
  }

  /** The statuses as the demo holds them (GET /__demo/dashboard). */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { status } of this.devices) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  /** The seeded devices as the demo holds them (tests compare with the API's answer). */
  seeded(): readonly DeviceBackupStatus[] {
    return this.devices.map((d) => ({ nodeId: d.nodeId, name: d.displayName, organizationId: d.organizationId, organizationName: d.organizationName, isUp: d.isUp, lastBackupAt: d.lastBackupTime, status: d.status, planName: d.planName, message: d.message }));
  }
}
