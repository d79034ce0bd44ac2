/**
 * The downloads as the renderer knows them: loaded once, then kept current by
 * the main process's `downloads.changed` / `downloads.removed` events.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { DownloadItem } from '../../../../shared/model/downloads';
import { api } from '../../core/api';
import { appInfoAtom } from '../../core/session';
import { showToast, presentError } from '../../core/toaster';
import { readDownloads } from './client';

const downloadsAtom = atom<Record<string, DownloadItem>>({});
export const downloadsPanelOpenAtom = atom(false);

/** Downloads in queue order. */
export const downloadListAtom = atom((get) => Object.values(get(downloadsAtom)).sort((a, b) => a.createdAt - b.createdAt));

export const activeDownloadsAtom = atom((get) => get(downloadListAtom).filter((d) => d.state === 'queued' || d.state === 'downloading'));

/** Keeps downloadsAtom in step with the main process; mounted once while signed in. */
export function useDownloadsSync(): void {
  const setDownloads = useSetAtom(downloadsAtom);
  const setPanelOpen = useSetAtom(downloadsPanelOpenAtom);
  const info = useAtomValue(appInfoAtom);
  const browserMode = info?.mode !== 'electron';
  useEffect(() => {
    let live = true;
    const offChanged = api.on('downloads.changed', (item) => setDownloads((all) => ({ ...all, [item.id]: item })));
    const offRemoved = api.on('downloads.removed', ({ id }) =>
      setDownloads((all) => {
        const { [id]: _removed, ...rest } = all;
        return rest;
      }),
    );
    // Electron shows a system notification; browser mode says it with a toast.
    const offFinished = api.on('downloads.finished', (item) => {
      if (!browserMode) return;
      if (item.state === 'completed') {
        showToast({
          message: `Downloaded ${item.fileName}`,
          intent: 'success',
          icon: 'tick-circle',
          timeout: 6000,
          action: { text: 'Show downloads', onClick: () => setPanelOpen(true) },
        });
      } else if (item.state === 'failed') {
        presentError(`${item.fileName}: ${item.error?.message ?? 'the download failed.'}`);
      }
    });
    readDownloads().then(
      (items) => {
        if (live) setDownloads(Object.fromEntries(items.map((item) => [item.id, item])));
      },
      (error: unknown) => presentError(error),
    );
    return () => {
      live = false;
      offChanged();
      offRemoved();
      offFinished();
    };
  }, [setDownloads, setPanelOpen, browserMode]);
}
