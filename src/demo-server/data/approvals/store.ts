/**
 * Node approvals in one demo world (spec/ticketing-automations-psa.md §2.5,
 * §3.5, §4.4): seeded devices pending, approved and rejected in the world's
 * organizations, each organization's approval mode, devices that arrive over
 * time, candidates' installations that finish some seconds after approval,
 * and the failure switches of ../../routes/approvals/switches.ts. The
 * decisions follow the console's own rules (shared/rules/approvals).
 *
 * Time moves without timers: whatever is due (an arrival, an installation)
 * happens when the store is next read (`tick`), dated when it was due, so
 * nothing runs after the server closes. Tests hold installations
 * (`holdInstallations`) and stop arrivals (`arrivalEverySeconds: 0`), and
 * make a device arrive now (`arrive`): they never wait on the clock.
 */
import type { ApprovalNode } from '../../../shared/model/approvals';
import { arrival, decide, type ApprovalAction, type Actor } from '../../../shared/rules/approvals/transitions';
import type { DemoWorld, Organization } from '../world';

/** A device as the demo holds it: the console's fields, its system name, and since when its installation waits. */
export interface DemoApprovalNode extends ApprovalNode {
  systemName: string;
  waitingSince: number | null;
}

export interface ApprovalSwitches {
  /** Installations stay WAITING while on; turned off, every waiting one is INSTALLED at once. */
  holdInstallations: boolean;
  /** How long an installation takes when not held. */
  installAfterSeconds: number;
  /** A device arrives in the next organization every so many seconds; 0: none arrives by itself. */
  arrivalEverySeconds: number;
  /** GET /nodeapprovals answers 500. */
  failApprovalsList: boolean;
  /** POST /nodeapprovals/approve answers 500. */
  failApprove: boolean;
  /** POST /nodeapprovals/reject answers 500. */
  failReject: boolean;
  /** PUT /organization/:id/nodeapprovalmode answers 500 (the mode stays as it was). */
  failApprovalMode: boolean;
}

export const DEFAULT_APPROVAL_SWITCHES: ApprovalSwitches = {
  holdInstallations: false,
  installAfterSeconds: 8,
  arrivalEverySeconds: 180,
  failApprovalsList: false,
  failApprove: false,
  failReject: false,
  failApprovalMode: false,
};

/** Seeded devices' ids start here (above the world's devices). */
export const FIRST_APPROVAL_NODE_ID = 5001;
/** The seeded organization whose mode is AUTOMATIC (the 7th, Proseware Accounting, when the world has it). */
export const AUTOMATIC_ORGANIZATION_ID = 7;

const CLASS_CODES: Readonly<Record<string, string>> = { WINDOWS_WORKSTATION: 'WS', WINDOWS_SERVER: 'SRV', MAC: 'MAC', MAC_SERVER: 'MSRV' };
const ARRIVING_CLASSES = ['WINDOWS_WORKSTATION', 'WINDOWS_SERVER', 'MAC', 'WINDOWS_WORKSTATION'];
const HOUR = 3_600_000;

type Decision = { status: 'APPROVED' | 'REJECTED'; byUser: 1 | 2 | null; hoursAgo: number; installed?: boolean };
/** The seeded devices: [organization index, class, candidate, hours since it asked, its decision]. */
const SEEDED: ReadonlyArray<[number, string, boolean, number, Decision | null]> = [
  [0, 'WINDOWS_WORKSTATION', false, 2, null],
  [0, 'WINDOWS_SERVER', true, 5, null],
  [1, 'MAC', false, 8, null],
  [2, 'WINDOWS_WORKSTATION', true, 20, null],
  [3, 'WINDOWS_WORKSTATION', false, 26, null],
  [4, 'WINDOWS_SERVER', true, 30, null],
  [0, 'WINDOWS_WORKSTATION', false, 50, { status: 'APPROVED', byUser: 1, hoursAgo: 48 }],
  [1, 'WINDOWS_SERVER', true, 80, { status: 'APPROVED', byUser: 2, hoursAgo: 72, installed: true }],
  [6, 'WINDOWS_WORKSTATION', false, 30, { status: 'APPROVED', byUser: null, hoursAgo: 30 }],
  [2, 'MAC', false, 100, { status: 'REJECTED', byUser: 1, hoursAgo: 96 }],
  [3, 'WINDOWS_WORKSTATION', true, 130, { status: 'REJECTED', byUser: 2, hoursAgo: 120 }],
];

const stores = new WeakMap<DemoWorld, ApprovalStore>();

/** Why a bulk call is refused as a whole: unknown devices (404) or devices the action does not move (409). */
export class ApprovalRefusal extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export class ApprovalStore {
  readonly nodes = new Map<number, DemoApprovalNode>();
  readonly modes = new Map<number, string>();
  readonly switches: ApprovalSwitches = { ...DEFAULT_APPROVAL_SWITCHES };
  private nextId: number;
  private arrivals = 0;
  private nextArrivalAt: number;

  static of(world: DemoWorld): ApprovalStore {
    let store = stores.get(world);
    if (!store) {
      store = new ApprovalStore(world);
      stores.set(world, store);
    }
    return store;
  }

  private constructor(
    private readonly world: DemoWorld,
    now = Date.now(),
  ) {
    for (const org of world.organizations) this.modes.set(org.id, org.id === AUTOMATIC_ORGANIZATION_ID ? 'AUTOMATIC' : 'MANUAL');
    const users = new Map(world.config.users.map((u) => [u.id, { id: u.id, name: u.name }]));
    SEEDED.forEach(([orgIndex, nodeClass, candidate, askedHoursAgo, decision], i) => {
      const org = this.organizationAt(orgIndex);
      const node = this.made(FIRST_APPROVAL_NODE_ID + i, org, nodeClass, candidate, now - askedHoursAgo * HOUR, `N${String(i + 1).padStart(2, '0')}`);
      if (decision) {
        const by = decision.byUser === null ? null : (users.get(decision.byUser) ?? null);
        Object.assign(node, {
          approvalStatus: decision.status,
          installationStatus: candidate ? (decision.installed ? 'INSTALLED' : 'PENDING') : null,
          nodeApprovalType: decision.byUser === null ? 'AUTOMATIC' : 'MANUAL',
          decidedAt: now - decision.hoursAgo * HOUR,
          decidedById: by?.id ?? null,
          decidedByName: by?.name ?? null,
        });
      }
      this.nodes.set(node.id, node);
    });
    this.nextId = FIRST_APPROVAL_NODE_ID + SEEDED.length;
    this.nextArrivalAt = now + this.switches.arrivalEverySeconds * 1000;
  }

  organization(id: number): Organization | undefined {
    return this.world.organizations.find((o) => o.id === id);
  }

  /** What is due by `now` happens: arrivals (at most 5 at once; the clock then starts over) and finished installations. */
  tick(now = Date.now()): void {
    const every = this.switches.arrivalEverySeconds * 1000;
    if (every > 0) {
      let made = 0;
      while (this.nextArrivalAt <= now && made < 5) {
        const org = this.organizationAt(this.arrivals);
        this.arrive({ organizationId: org.id, candidate: this.arrivals % 3 === 2 }, this.nextArrivalAt);
        this.nextArrivalAt += every;
        made += 1;
      }
      if (this.nextArrivalAt <= now) this.nextArrivalAt = now + every;
    }
    if (this.switches.holdInstallations) return;
    for (const node of this.nodes.values()) {
      if (node.installationStatus === 'WAITING' && node.waitingSince !== null && node.waitingSince + this.switches.installAfterSeconds * 1000 <= now) this.installed(node);
    }
  }

  /** Switches changed: releasing the hold installs every waiting device now; a new arrival period counts from now. */
  switched(before: ApprovalSwitches, now = Date.now()): void {
    if (before.holdInstallations && !this.switches.holdInstallations) for (const node of this.nodes.values()) if (node.installationStatus === 'WAITING') this.installed(node);
    if (before.arrivalEverySeconds !== this.switches.arrivalEverySeconds) this.nextArrivalAt = now + this.switches.arrivalEverySeconds * 1000;
  }

  /** A device asks to join an organization: pending, or approved at once where the mode is AUTOMATIC. */
  arrive({ organizationId, name, candidate = false, nodeClass }: { organizationId: number; name?: string; candidate?: boolean; nodeClass?: string }, now = Date.now()): DemoApprovalNode {
    const org = this.organization(organizationId);
    if (!org) throw new ApprovalRefusal(404, `No such organization: ${organizationId}`);
    this.arrivals += 1;
    const node = this.made(this.nextId++, org, nodeClass ?? ARRIVING_CLASSES[this.arrivals % ARRIVING_CLASSES.length]!, candidate, now, `A${String(this.arrivals).padStart(2, '0')}`, name);
    const mode = this.modes.get(org.id) ?? 'MANUAL';
    Object.assign(node, arrival(mode, candidate, now), { nodeApprovalType: mode });
    if (node.installationStatus === 'WAITING') node.waitingSince = now;
    this.nodes.set(node.id, node);
    return node;
  }

  /** Approves or rejects every one of `ids` as `actor`, or none: unknown ids are 404, ids the action does not move 409. */
  decide(ids: readonly number[], action: ApprovalAction, actor: Actor, now = Date.now()): DemoApprovalNode[] {
    const unknown = ids.filter((id) => !this.nodes.has(id));
    if (unknown.length > 0) throw new ApprovalRefusal(404, `No such device: ${unknown.join(', ')}`);
    const decided = ids.map((id) => [this.nodes.get(id)!, decide(this.nodes.get(id)!, action, actor, now)] as const);
    const unmoved = decided.filter(([, after]) => after === null).map(([node]) => node.name);
    if (unmoved.length > 0) throw new ApprovalRefusal(409, `Already ${action === 'approve' ? 'approved' : 'rejected'}: ${unmoved.slice(0, 5).join(', ')}${unmoved.length > 5 ? ` and ${unmoved.length - 5} more` : ''}`);
    return decided.map(([, after]) => {
      const node = { ...after!, waitingSince: after!.installationStatus === 'WAITING' ? now : null };
      this.nodes.set(node.id, node);
      return node;
    });
  }

  private installed(node: DemoApprovalNode): void {
    this.nodes.set(node.id, { ...node, installationStatus: 'INSTALLED', waitingSince: null });
  }

  private organizationAt(index: number): Organization {
    const list = this.world.organizations;
    return list[index % list.length]!;
  }

  private made(id: number, org: Organization, nodeClass: string, candidate: boolean, requestedAt: number, suffix: string, name?: string): DemoApprovalNode {
    const systemName = name ?? `${org.prefix}-${CLASS_CODES[nodeClass] ?? 'DEV'}-${suffix}`;
    return {
      id,
      systemName,
      name: systemName,
      organizationId: org.id,
      organizationName: org.name,
      nodeClass,
      approvalStatus: 'PENDING',
      installationStatus: candidate ? 'PENDING' : null,
      candidate,
      nodeApprovalType: this.modes.get(org.id) ?? 'MANUAL',
      requestedAt,
      decidedAt: null,
      decidedById: null,
      decidedByName: null,
      waitingSince: null,
    };
  }
}

/** A device as the API sends it (§3.5 names; times in epoch ms). */
export function wireNode(node: DemoApprovalNode): Record<string, unknown> {
  return {
    id: node.id,
    systemName: node.systemName,
    displayName: node.name,
    clientId: node.organizationId,
    organizationName: node.organizationName,
    nodeClass: node.nodeClass,
    approvalStatus: node.approvalStatus,
    installationStatus: node.installationStatus,
    candidate: node.candidate,
    nodeApprovalType: node.nodeApprovalType,
    createTime: node.requestedAt,
    approvalStatusChangeTime: node.decidedAt,
    approvalStatusByAppUserId: node.decidedById,
    approvalStatusByAppUserName: node.decidedByName,
  };
}
