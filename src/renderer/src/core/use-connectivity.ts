/** Whether the API can be reached, as the main process sees it (`connectivity.changed`); online until told otherwise. */
import { useEffect, useState } from 'react';
import type { ConnectivityState } from '../../../shared/model/platform/connectivity';
import { api } from './api';

export function useConnectivity(): ConnectivityState | null {
  const [state, setState] = useState<ConnectivityState | null>(null);
  useEffect(() => {
    const unsubscribe = api.on('connectivity.changed', setState);
    api.call('connectivity.get', {}).then(
      (initial) => setState((current) => current ?? initial),
      () => undefined,
    );
    return unsubscribe;
  }, []);
  return state;
}

/** True while the main process reports the API unreachable. */
export function useOffline(): boolean {
  const state = useConnectivity();
  return state !== null && !state.online;
}
