/**
 * The PSA integrations' door: the Integrations list at
 * /administration/apps (a header area of its own), Autotask at
 * /administration/apps/autotask and ConnectWise at
 * /administration/apps/connectWiseManage — the RMM's routes, so help
 * suggestions follow.
 */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { INTEGRATIONS_ROUTE, PSA_ROUTES } from '../../../../shared/model/psa/views';
import { AutotaskScreen } from './autotask/AutotaskScreen';
import { ConnectWiseScreen } from './connectwise/ConnectWiseScreen';
import { IntegrationsScreen } from './IntegrationsScreen';

const area: HeaderArea = { id: 'integrations', label: 'Integrations', icon: 'exchange', route: INTEGRATIONS_ROUTE };

export const psaFeature: Feature = {
  id: 'psa',
  headerArea: area,
  screens: [
    { id: 'integrations', match: (route) => (route === INTEGRATIONS_ROUTE ? {} : null), render: () => createElement(IntegrationsScreen) },
    { id: 'autotask', match: (route) => (route === PSA_ROUTES.autotask ? {} : null), render: () => createElement(AutotaskScreen) },
    { id: 'connectwise', match: (route) => (route === PSA_ROUTES.connectwise ? {} : null), render: () => createElement(ConnectWiseScreen) },
  ],
};
