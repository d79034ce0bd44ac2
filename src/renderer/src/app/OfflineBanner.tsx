/** The offline banner: shown while the API cannot be reached; cached listings keep working. */
import { Callout, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ConnectivityState } from '../../../shared/model/browser';
import { api } from '../core/api';

export function OfflineBanner() {
  const [state, setState] = useState<ConnectivityState | null>(null);
  useEffect(() => {
    const unsubscribe = api.on('connectivity.changed', setState);
    api.call('connectivity.get', {}).then(
      (initial) => setState((current) => current ?? initial),
      () => undefined,
    );
    return unsubscribe;
  }, []);
  if (!state || state.online) return null;
  return (
    <Callout intent={Intent.WARNING} icon="offline" className="offline-banner" role="status" data-testid="offline-banner" compact>
      <strong>Offline.</strong> The server cannot be reached; you are browsing cached listings. {state.message ?? ''}
    </Callout>
  );
}
