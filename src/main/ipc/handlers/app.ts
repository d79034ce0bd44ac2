/** The app's own channels: what it is, start notices, connectivity, opening a link outside. */
import type { AppInfo } from '../../../shared/contract';
import type { Connectivity } from '../../services/platform/connectivity';
import { openAllowedLink } from '../../services/session';
import type { HandlersOf } from '../router';

export interface AppHandlerDeps {
  info: AppInfo;
  /** Handed out once each. */
  startNotices: string[];
  connectivity: Connectivity;
  openExternal: ((url: string) => Promise<void>) | undefined;
}

export function appHandlers({ info, startNotices, connectivity, openExternal }: AppHandlerDeps): HandlersOf<'app' | 'connectivity' | 'shell'> {
  return {
    'app.info': () => info,
    'app.notices': () => ({ notices: startNotices.splice(0) }),
    'connectivity.get': () => connectivity.state(),
    'shell.openExternal': ({ url }) => openAllowedLink(url, openExternal),
  };
}
