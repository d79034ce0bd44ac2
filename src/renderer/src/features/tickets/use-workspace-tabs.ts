/**
 * The technician's recent (at most 10, §9.4) and favorite tabs (§3.5 tabs),
 * kept by the main process on this computer: read once, then replaced by
 * each answer of `tickets.openTab` and `tickets.setFavorite`. A failure to
 * record a tab never stops the technician: it is reported and the list stays.
 */
import { useCallback, useEffect, useState } from 'react';
import type { WorkspaceTab, WorkspaceTabs } from '../../../../shared/model/tickets';
import { presentError } from '../../core/toaster';
import { openTab, readTabs, setTabFavorite } from './client';

export interface WorkspaceTabsApi {
  tabs: WorkspaceTabs | null;
  open(tab: WorkspaceTab): void;
  setFavorite(tab: WorkspaceTab, favorite: boolean): void;
}

export function useWorkspaceTabs(): WorkspaceTabsApi {
  const [tabs, setTabs] = useState<WorkspaceTabs | null>(null);
  useEffect(() => {
    let live = true;
    readTabs().then(
      (answer) => {
        if (live) setTabs((current) => current ?? answer);
      },
      (error: unknown) => presentError(error, { key: 'workspace-tabs' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const open = useCallback((tab: WorkspaceTab) => {
    openTab(tab).then(setTabs, (error: unknown) => presentError(error, { key: 'workspace-tabs' }));
  }, []);
  const setFavorite = useCallback((tab: WorkspaceTab, favorite: boolean) => {
    setTabFavorite({ ...tab, favorite }).then(setTabs, (error: unknown) => presentError(error, { key: 'workspace-favorite' }));
  }, []);
  return { tabs, open, setFavorite };
}
