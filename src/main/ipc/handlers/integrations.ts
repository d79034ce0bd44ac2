/** The other integrations (`integrations.*`): connections, the webhook and its test, web security, the Enabled toggles. */
import type { IntegrationsService } from '../../services/integrations/integrations-service';
import type { HandlersOf } from '../router';

export function integrationsHandlers(integrations: IntegrationsService): HandlersOf<'integrations'> {
  return {
    'integrations.list': () => integrations.list(),
    'integrations.saveConnection': (input) => integrations.saveConnection(input),
    'integrations.setEnabled': (input) => integrations.setEnabled(input),
    'integrations.saveWebhook': (input) => integrations.saveWebhook(input),
    'integrations.testWebhook': () => integrations.testWebhook(),
    'integrations.registerWebSecurity': () => integrations.registerWebSecurity(),
  };
}
