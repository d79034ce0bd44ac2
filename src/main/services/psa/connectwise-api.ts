/**
 * ConnectWise Manage settings on the RMM API (spec/ticketing-automations-psa.md
 * §2.4, §3.4, §3.5, §7.3, §8.3): §7.3's agreements call as shown, the
 * demo's paths for the rest (src/demo-server/README.md "PSA"). Lists are
 * read item by item: an odd item is skipped and counted, never fails the list.
 */
import type {
  ConnectWiseCompanyFilter,
  ConnectWiseCompanyMapping,
  ConnectWiseConfigurationTypeMapping,
  ConnectWiseHelpDeskSettings,
  ConnectWiseProductMapping,
  ProductAgreementSync,
  PsaId,
  PsaRecord,
} from '../../../shared/model/psa';
import type { ConnectWiseCompany, ConnectWiseSettings } from '../../../shared/model/psa/views';
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import { PSA_MESSAGES } from '../../../shared/rules/psa/messages';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { CONNECTWISE_PATHS } from '../../../shared/rules/psa/paths';
import {
  connectWiseCompanyFilterSchema,
  connectWiseCompanyMappingSchema,
  connectWiseConfigurationTypeMappingSchema,
  connectWiseHelpDeskSettingsSchema,
  connectWiseProductMappingSchema,
  productAgreementSyncSchema,
  psaRecordSchema,
} from '../../../shared/rules/psa/schemas';
import { keptOr } from '../platform/api/refusals';
import { anyAnswer, listIn } from '../platform/api/tolerant';
import type { MappingKind, PsaCalls } from './psa-calls';
import { agreementSchema, cleaned, companySchema, readClean, syncAttributesOf } from './psa-read';

/** 'Refresh ConnectWise Data' takes a while on a real ConnectWise (the demo: 1.5 s); past the API client's usual 30 s limit. */
const REFRESH_TIMEOUT_MS = 180_000;

const companyFilter = cleaned(connectWiseCompanyFilterSchema);
const helpDesk = cleaned(connectWiseHelpDeskSettingsSchema);
const productAgreementSync = cleaned(productAgreementSyncSchema);
const CONFIGURATION_TYPE_MAPPINGS: MappingKind<ConnectWiseConfigurationTypeMapping> = {
  noun: 'configuration type mapping',
  list: CONNECTWISE_PATHS.configurationTypeMappings,
  item: CONNECTWISE_PATHS.configurationTypeMapping,
  schema: cleaned(connectWiseConfigurationTypeMappingSchema),
};
const PRODUCT_MAPPINGS: MappingKind<ConnectWiseProductMapping> = {
  noun: 'product mapping',
  list: CONNECTWISE_PATHS.productMappings,
  item: CONNECTWISE_PATHS.productMapping,
  schema: cleaned(connectWiseProductMappingSchema),
};
const records = (answer: unknown, ...fields: string[]) => readClean(psaRecordSchema, listIn(answer, ...fields));

type Agreement = PsaRecord & { agreementTypeId: PsaId | null };

export class ConnectWiseApi {
  constructor(private readonly calls: PsaCalls) {}

  /** Everything the ConnectWise pages show, read at once; `skipped` sums the items of its lists the console could not read. */
  async settings(): Promise<ConnectWiseSettings> {
    const read = (path: string) => this.calls.read(path, anyAnswer);
    const [types, statuses, filter, mappings, configurationMappings, productMappings, products, agreementTypes, configurationTypes, configurationStatuses, desk, attributes, sync] =
      await Promise.all([
        read(CONNECTWISE_PATHS.companyTypes),
        read(CONNECTWISE_PATHS.companyStatuses),
        this.calls.read(CONNECTWISE_PATHS.companyFilter, companyFilter),
        this.companyMappings(),
        read(CONNECTWISE_PATHS.configurationTypeMappings),
        read(CONNECTWISE_PATHS.productMappings),
        read(CONNECTWISE_PATHS.products),
        read(CONNECTWISE_PATHS.agreementTypes),
        read(CONNECTWISE_PATHS.configurationTypes),
        read(CONNECTWISE_PATHS.configurationStatuses),
        this.calls.read(CONNECTWISE_PATHS.helpDesk, helpDesk),
        read(CONNECTWISE_PATHS.syncAttributes),
        this.calls.read(CONNECTWISE_PATHS.productAgreementSync, productAgreementSync),
      ]);
    const lists = {
      companyTypes: records(types),
      companyStatuses: records(statuses),
      configurationTypeMappings: readClean(connectWiseConfigurationTypeMappingSchema, listIn(configurationMappings)),
      productMappings: readClean(connectWiseProductMappingSchema, listIn(productMappings)),
      products: records(products, 'productList'),
      agreementTypes: records(agreementTypes),
      configurationTypes: records(configurationTypes),
      configurationStatuses: records(configurationStatuses),
    };
    const skipped = Object.values(lists).reduce((sum, list) => sum + list.skipped, mappings.skipped);
    return {
      companyTypes: lists.companyTypes.items,
      companyStatuses: lists.companyStatuses.items,
      companyFilter: filter,
      companyMappings: mappings.items,
      configurationTypeMappings: lists.configurationTypeMappings.items,
      productMappings: lists.productMappings.items,
      products: lists.products.items,
      agreementTypes: lists.agreementTypes.items,
      configurationTypes: lists.configurationTypes.items,
      configurationStatuses: lists.configurationStatuses.items,
      helpDesk: desk,
      deviceDataSyncAttributes: syncAttributesOf(attributes),
      productAgreementSync: sync,
      skipped,
    };
  }

  async companyMappings(): Promise<{ items: ConnectWiseCompanyMapping[]; skipped: number }> {
    return readClean(connectWiseCompanyMappingSchema, listIn(await this.calls.read(CONNECTWISE_PATHS.companyMappings, anyAnswer), 'companyMappings'));
  }

  /** The companies the company filter lets through. */
  async companies(): Promise<ConnectWiseCompany[]> {
    return readClean(companySchema, listIn(await this.calls.read(CONNECTWISE_PATHS.companies, anyAnswer), 'companyList', 'companies')).items;
  }

  async sites(companyId: PsaId): Promise<PsaRecord[]> {
    return records(await this.calls.read(fillPath(CONNECTWISE_PATHS.companySites, { companyId }), anyAnswer, undefined, 'This ConnectWise company no longer exists.'), 'siteList', 'sites').items;
  }

  /** §7.3 the company's agreements (field financeAgreementList); §8.3 'Error fetching Company agreements' when they cannot be read. */
  async agreements(companyId: PsaId): Promise<Agreement[]> {
    let answer: unknown;
    try {
      answer = await this.calls.read(CONNECTWISE_PATHS.agreements, anyAnswer, new URLSearchParams({ companyId: String(companyId) }));
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', PSA_MESSAGES.agreementsFetchFailed));
    }
    return readClean(agreementSchema, listIn(answer, 'financeAgreementList')).items;
  }

  saveCompanyFilter(filter: ConnectWiseCompanyFilter): Promise<ConnectWiseCompanyFilter> {
    return this.calls.send('PUT', CONNECTWISE_PATHS.companyFilter, { what: 'the company filter', json: filter, schema: companyFilter });
  }

  async saveCompanyMappings(rows: CallArgs<'psa.connectwise.saveCompanyMappings'>['rows']): Promise<ConnectWiseCompanyMapping[]> {
    const answer = await this.calls.send('PUT', CONNECTWISE_PATHS.companyMappings, { what: 'the company mappings', json: rows, schema: anyAnswer });
    return readClean(connectWiseCompanyMappingSchema, listIn(answer, 'companyMappings')).items;
  }

  /** POST a new one (no id), PUT an existing one. */
  saveConfigurationTypeMapping(mapping: CallArgs<'psa.connectwise.saveConfigurationTypeMapping'>): Promise<ConnectWiseConfigurationTypeMapping> {
    return this.calls.saveMapping(CONFIGURATION_TYPE_MAPPINGS, mapping);
  }

  deleteConfigurationTypeMapping(id: number): Promise<{ deleted: true }> {
    return this.calls.deleteMapping(CONFIGURATION_TYPE_MAPPINGS, id);
  }

  saveProductMapping(mapping: CallArgs<'psa.connectwise.saveProductMapping'>): Promise<ConnectWiseProductMapping> {
    return this.calls.saveMapping(PRODUCT_MAPPINGS, mapping);
  }

  deleteProductMapping(id: number): Promise<{ deleted: true }> {
    return this.calls.deleteMapping(PRODUCT_MAPPINGS, id);
  }

  saveHelpDesk(settings: ConnectWiseHelpDeskSettings): Promise<ConnectWiseHelpDeskSettings> {
    return this.calls.send('PUT', CONNECTWISE_PATHS.helpDesk, { what: 'the help desk options', json: settings, schema: helpDesk });
  }

  /** §8.3 'Error setting device sync attributes' when refused. */
  saveSyncAttributes(names: string[]): Promise<string[]> {
    return this.calls.saveSyncAttributes(CONNECTWISE_PATHS.syncAttributes, names);
  }

  saveProductAgreementSync(sync: CallArgs<'psa.connectwise.saveProductAgreementSync'>): Promise<ProductAgreementSync> {
    return this.calls.send('PUT', CONNECTWISE_PATHS.productAgreementSync, { what: 'the product agreement sync', json: sync, schema: productAgreementSync });
  }

  /**
   * 'Refresh ConnectWise Data' (§2.4, §4.3): §8.3 'Successfully updated
   * ConnectWise entities', or 'Error while refreshing ConnectWise entities'
   * (also when the answer names another result than SUCCESS).
   */
  async refresh(): Promise<{ message: string }> {
    const answer = await this.calls.send('POST', CONNECTWISE_PATHS.refresh, {
      what: 'the ConnectWise refresh',
      schema: anyAnswer,
      failure: PSA_MESSAGES.refreshFailed,
      options: { timeout: { request: REFRESH_TIMEOUT_MS } },
    });
    const resultCode = typeof answer === 'object' && answer !== null ? (answer as { resultCode?: unknown }).resultCode : undefined;
    if (typeof resultCode === 'string' && resultCode.toUpperCase() !== 'SUCCESS') throw new AppError('SERVER_ERROR', PSA_MESSAGES.refreshFailed);
    return { message: PSA_MESSAGES.refreshSucceeded };
  }
}
