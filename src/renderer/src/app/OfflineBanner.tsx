/** The offline banner: shown while the API cannot be reached; cached listings keep working. */
import { Callout, Intent } from '@blueprintjs/core';
import { useConnectivity } from '../core/use-connectivity';

export function OfflineBanner() {
  const state = useConnectivity();
  if (!state || state.online) return null;
  return (
    <Callout intent={Intent.WARNING} icon="offline" className="offline-banner" role="status" data-testid="offline-banner" compact>
      <strong>Offline.</strong> The server cannot be reached; you are browsing cached listings. {state.message ?? ''}
    </Callout>
  );
}
