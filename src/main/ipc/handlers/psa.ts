/** PSA integrations: the Integrations list, the connections, the "never map" marks, and the Autotask and ConnectWise settings. */
import type { PsaService } from '../../services/psa/psa-service';
import type { HandlersOf } from '../router';

export function psaHandlers(psa: PsaService): HandlersOf<'psa'> {
  const { autotask, connectwise } = psa;
  return {
    'psa.overview': () => psa.overview(),
    'psa.connection': ({ kind }) => psa.connection(kind),
    'psa.saveConnection': (input) => psa.saveConnection(input),
    'psa.roles': () => psa.roles(),
    'psa.groups': () => psa.groups(),
    'psa.neverMap': ({ kind }) => psa.neverMapList(kind),
    'psa.setNeverMap': ({ kind, clientId, on }) => psa.setNeverMap(kind, clientId, on),

    'psa.autotask.settings': () => psa.autotaskSettings(),
    'psa.autotask.accounts': (input) => psa.autotaskAccounts(input),
    'psa.autotask.products': (input) => psa.autotaskProducts(input),
    'psa.autotask.accountLocations': ({ accountId }) => autotask.accountLocations(accountId),
    'psa.autotask.locationMappings': ({ clientId }) => autotask.locationMappings(clientId).then((list) => list.items),
    'psa.autotask.saveCompanyFilter': ({ types }) => autotask.saveCompanyFilter(types),
    'psa.autotask.saveAccountMappings': ({ rows }) => autotask.saveAccountMappings(rows),
    'psa.autotask.saveLocationMappings': ({ rows }) => autotask.saveLocationMappings(rows),
    'psa.autotask.saveDeviceRoleMapping': (mapping) => autotask.saveDeviceRoleMapping(mapping),
    'psa.autotask.deleteDeviceRoleMapping': ({ id }) => autotask.deleteDeviceRoleMapping(id),
    'psa.autotask.saveHelpdesk': (settings) => autotask.saveHelpdesk(settings),
    'psa.autotask.saveSyncAttributes': ({ names }) => autotask.saveSyncAttributes(names),

    'psa.connectwise.settings': () => connectwise.settings(),
    'psa.connectwise.companies': () => connectwise.companies(),
    'psa.connectwise.sites': ({ companyId }) => connectwise.sites(companyId),
    'psa.connectwise.agreements': ({ companyId }) => connectwise.agreements(companyId),
    'psa.connectwise.saveCompanyFilter': (filter) => connectwise.saveCompanyFilter(filter),
    'psa.connectwise.saveCompanyMappings': ({ rows }) => connectwise.saveCompanyMappings(rows),
    'psa.connectwise.saveConfigurationTypeMapping': (mapping) => connectwise.saveConfigurationTypeMapping(mapping),
    'psa.connectwise.deleteConfigurationTypeMapping': ({ id }) => connectwise.deleteConfigurationTypeMapping(id),
    'psa.connectwise.saveProductMapping': (mapping) => connectwise.saveProductMapping(mapping),
    'psa.connectwise.deleteProductMapping': ({ id }) => connectwise.deleteProductMapping(id),
    'psa.connectwise.saveHelpDesk': (settings) => connectwise.saveHelpDesk(settings),
    'psa.connectwise.saveSyncAttributes': ({ names }) => connectwise.saveSyncAttributes(names),
    'psa.connectwise.saveProductAgreementSync': (sync) => connectwise.saveProductAgreementSync(sync),
    'psa.connectwise.refresh': () => connectwise.refresh(),
  };
}
