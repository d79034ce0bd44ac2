/**
 * What the PSA settings screens get from the main process: the
 * connection of each PSA, the Integrations list, and each settings page's
 * data read in one call. The records themselves are ./index.ts's.
 */
import type {
  AutotaskAccountMapping,
  AutotaskCompanyFilterMap,
  AutotaskDeviceRoleMapping,
  AutotaskHelpdeskSettings,
  ConnectWiseCompanyFilter,
  ConnectWiseCompanyMapping,
  ConnectWiseConfigurationTypeMapping,
  ConnectWiseHelpDeskSettings,
  ConnectWiseProductMapping,
  ProductAgreementSync,
  PsaId,
  PsaRecord,
} from '.';
import type { UnmappedCounts } from '../../rules/psa/unmapped';

export const PSA_KINDS = ['autotask', 'connectwise'] as const;
export type PsaKind = (typeof PSA_KINDS)[number];

export const PSA_LABELS: Record<PsaKind, string> = { autotask: 'Autotask', connectwise: 'ConnectWise Manage' };

/** The RMM's routes (spec §2.3, §2.4), so help suggestions follow. */
export const PSA_ROUTES: Record<PsaKind, string> = { autotask: '/administration/apps/autotask', connectwise: '/administration/apps/connectWiseManage' };
export const INTEGRATIONS_ROUTE = '/administration/apps';

/** A PSA connection as the screens see it: never its secret. */
export interface PsaConnection {
  kind: PsaKind;
  instanceUrl: string;
  username: string;
  enabled: boolean;
  /** The instance holds a secret for it. */
  secretSet: boolean;
  /** This console keeps the secret in the OS keychain. */
  secretInKeychain: boolean;
}

export type { UnmappedCounts };

export interface PsaOverviewItem {
  connection: PsaConnection | null;
  /** Null when the counts could not be read (`error` says why). */
  unmapped: UnmappedCounts | null;
  error?: string;
}

export type PsaOverview = Record<PsaKind, PsaOverviewItem>;

/** A page of a PSA lookup: `next` is the last item's id to ask the following page with, null on the last. */
export interface PsaPage<T> {
  items: T[];
  next: PsaId | null;
  skipped: number;
}

/** Everything the Autotask page shows, read at once (the accounts and products are looked up as typed). */
export interface AutotaskSettings {
  /** The autotask_big_data feature (§6): account and product lookups are paged. */
  bigData: boolean;
  accountTypes: PsaRecord[];
  companyFilterMap: AutotaskCompanyFilterMap;
  accountMappings: AutotaskAccountMapping[];
  deviceRoleMappings: AutotaskDeviceRoleMapping[];
  categories: PsaRecord[];
  helpdeskSettings: AutotaskHelpdeskSettings;
  deviceDataSyncAttributes: string[];
  /** Items of the lists above the console could not read. */
  skipped: number;
}

/** A ConnectWise company as the mapping modals list it. */
export interface ConnectWiseCompany extends PsaRecord {
  identifier: string | null;
  types: PsaRecord[];
  status: PsaRecord | null;
}

export interface ConnectWiseSettings {
  companyTypes: PsaRecord[];
  companyStatuses: PsaRecord[];
  companyFilter: ConnectWiseCompanyFilter;
  companyMappings: ConnectWiseCompanyMapping[];
  configurationTypeMappings: ConnectWiseConfigurationTypeMapping[];
  productMappings: ConnectWiseProductMapping[];
  products: PsaRecord[];
  agreementTypes: PsaRecord[];
  configurationTypes: PsaRecord[];
  configurationStatuses: PsaRecord[];
  helpDesk: ConnectWiseHelpDeskSettings;
  deviceDataSyncAttributes: string[];
  productAgreementSync: ProductAgreementSync;
  skipped: number;
}
