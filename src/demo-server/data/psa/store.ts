/**
 * The PSA state of one demo world (spec/ticketing-automations-psa.md §2.3,
 * §2.4, §3.3–§3.5): the catalogues of ./psa.ts for the ticketing lookups'
 * organizations (the deleted one left out), the Autotask and ConnectWise
 * settings, the two PSA connections (the secret is never kept, only that one
 * was given) and the failure switches of ../../routes/psa/psa.ts.
 */
import { psaCatalogue, PSA_FIXTURES, type PsaCatalogue } from './psa';
import { AutotaskSettings } from './autotask';
import { ConnectWiseSettings } from './connectwise';
import { lookupLocations, lookupOrganizations, type LocationLookup, type Lookup } from '../ticketing/ticketing';
import type { DemoWorld } from '../world';

export type PsaKind = 'autotask' | 'connectwise';

export interface PsaConnection {
  instanceUrl: string;
  username: string;
  enabled: boolean;
  /** Whether a secret was given; the secret itself is never kept nor answered. */
  secretSet: boolean;
}

/** The §8.3 failures, switched at run time (`PATCH /__demo/psa`). */
interface PsaSwitches {
  /** The agreements call answers 500 ('Error fetching Company agreements'). */
  failAgreements: boolean;
  /** The refresh answers 500 ('Error while refreshing ConnectWise entities'). */
  failRefresh: boolean;
  /** Saving device sync attributes answers 500 ('Error setting device sync attributes'), both PSAs. */
  failSyncAttributes: boolean;
  /** How long the refresh takes (a spinner shows meanwhile, §4.3). */
  refreshDelayMs: number;
}

const stores = new WeakMap<DemoWorld, PsaStore>();

export class PsaStore {
  readonly organizations: Lookup[];
  readonly locations: LocationLookup[];
  readonly catalogue: PsaCatalogue;
  readonly autotask: AutotaskSettings;
  readonly connectWise: ConnectWiseSettings;
  readonly connections: Record<PsaKind, PsaConnection> = {
    autotask: { instanceUrl: 'https://webservices5.autotask.net', username: 'api-user@demo-msp.example', enabled: true, secretSet: true },
    connectwise: { instanceUrl: 'https://na.myconnectwise.net', username: 'demo-msp+api', enabled: true, secretSet: true },
  };
  readonly switches: PsaSwitches = { failAgreements: false, failRefresh: false, failSyncAttributes: false, refreshDelayMs: 1500 };
  refreshes = 0;
  lastRefreshedAt: string | null = null;

  static of(world: DemoWorld): PsaStore {
    let store = stores.get(world);
    if (!store) {
      store = new PsaStore(world);
      stores.set(world, store);
    }
    return store;
  }

  private constructor(world: DemoWorld) {
    const all = lookupOrganizations(world.organizations);
    this.organizations = all.filter((o) => !o.deleted);
    this.locations = lookupLocations(all).filter((l) => !l.deleted);
    const seed = world.config.seed;
    const own = new Set(world.organizations.map((o) => o.id));
    this.catalogue = psaCatalogue(seed, this.organizations);
    this.autotask = new AutotaskSettings(seed, this.catalogue.autotask, this.organizations, this.locations, own);
    this.connectWise = new ConnectWiseSettings(seed, this.catalogue.connectWise, this.organizations, this.locations, own);
  }

  /** A connection whose instance host ends in `.invalid` (RFC 2606) cannot be reached: the marker of the §8.3 failures. */
  unreachable(psa: PsaKind): boolean {
    try {
      return new URL(this.connections[psa].instanceUrl).hostname.endsWith(PSA_FIXTURES.unreachableHostSuffix);
    } catch {
      return false;
    }
  }
}
