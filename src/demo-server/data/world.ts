/**
 * The demo world: organizations and devices generated from the seed. Items are
 * computed on demand and memoised; the same seed always gives the same world.
 */
import type { Device, NodeClass } from '../../shared/model/devices';
import type { DemoConfig } from '../config';
import { seededPolicyOfDevice } from './admin/policies';
import { rngFor } from './random';

export interface Organization {
  id: number;
  name: string;
  prefix: string;
}

const ORGANIZATION_NAMES = [
  'Northwind Traders',
  'Contoso Dental',
  'Fabrikam Legal',
  'Tailspin Logistics',
  'Adatum Clinic',
  'Litware Studio',
  'Proseware Accounting',
  'Wingtip Toys',
  'Woodgrove Finance',
  'Alpine Ski House',
  'Blue Yonder Air',
  'Coho Vineyard',
];

const FRIENDLY_NAMES = ['Reception PC', 'Front Desk', 'Accounts Laptop', 'CEO MacBook', 'Design iMac', 'Warehouse Kiosk', 'Lab Workstation'];

const NODE_ROLES: Record<NodeClass, string> = {
  WINDOWS_SERVER: 'Windows Server',
  WINDOWS_WORKSTATION: 'Windows Desktop',
  MAC: 'Mac',
  MAC_SERVER: 'Mac Server',
};

const CLASS_CODES: Record<NodeClass, string> = {
  WINDOWS_SERVER: 'SRV',
  WINDOWS_WORKSTATION: 'WS',
  MAC: 'MAC',
  MAC_SERVER: 'MSRV',
};

/** The first devices are fixed showcases so tests and demos can rely on them. */
const SHOWCASE: Array<{ nodeClass: NodeClass; isUp: boolean; friendlyName: string }> = [
  { nodeClass: 'WINDOWS_SERVER', isUp: true, friendlyName: 'File Server' },
  { nodeClass: 'WINDOWS_WORKSTATION', isUp: true, friendlyName: 'Reception PC' },
  { nodeClass: 'MAC', isUp: true, friendlyName: 'Design iMac' },
  { nodeClass: 'WINDOWS_WORKSTATION', isUp: false, friendlyName: 'Accounts Laptop' },
];

export class DemoWorld {
  readonly organizations: Organization[];
  private readonly deviceList: Device[];
  private readonly deviceById = new Map<number, Device>();

  constructor(readonly config: DemoConfig) {
    const count = Math.max(1, Math.min(config.sizes.organizations, ORGANIZATION_NAMES.length));
    this.organizations = ORGANIZATION_NAMES.slice(0, count).map((name, i) => ({
      id: i + 1,
      name,
      prefix: name
        .split(/\s+/)
        .map((w) => w[0])
        .join('')
        .toUpperCase(),
    }));
    this.deviceList = [];
    for (let id = 1; id <= config.sizes.devices; id++) {
      const device = this.generateDevice(id);
      this.deviceList.push(device);
      this.deviceById.set(id, device);
    }
  }

  private generateDevice(id: number): Device {
    const rng = rngFor(this.config.seed, 'device', id);
    const org = this.organizations[this.organizationIndexOf(id)] as Organization;
    const showcase = SHOWCASE[id - 1];
    const roll = rng.next();
    const nodeClass: NodeClass =
      showcase?.nodeClass ??
      (roll < 0.55 ? 'WINDOWS_WORKSTATION' : roll < 0.8 ? 'WINDOWS_SERVER' : roll < 0.95 ? 'MAC' : 'MAC_SERVER');
    const systemName = `${org.prefix}-${CLASS_CODES[nodeClass]}-${String(id).padStart(3, '0')}`;
    const friendlyName = showcase?.friendlyName ?? (rng.chance(0.3) ? rng.pick(FRIENDLY_NAMES) : '');
    return {
      id,
      systemName,
      name: systemName,
      friendlyName,
      displayName: friendlyName ? `${friendlyName} (${systemName})` : systemName,
      clientId: org.id,
      organizationName: org.name,
      nodeClass,
      nodeRole: NODE_ROLES[nodeClass],
      isUp: showcase?.isUp ?? rng.chance(0.8),
      lockhartEnabled: showcase ? true : rng.chance(0.85),
      policyId: seededPolicyOfDevice(id, nodeClass),
    };
  }

  /** Interleaved (the default), or in consecutive blocks of devices (config organizationLayout). */
  private organizationIndexOf(id: number): number {
    const count = this.organizations.length;
    if (this.config.organizationLayout !== 'blocks') return (id - 1) % count;
    return Math.min(count - 1, Math.floor(((id - 1) * count) / Math.max(1, this.config.sizes.devices)));
  }

  devices(): readonly Device[] {
    return this.deviceList;
  }

  device(id: number): Device | undefined {
    return this.deviceById.get(id);
  }
}
