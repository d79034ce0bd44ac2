/**
 * Electron transport: `ipcMain.handle` for calls, `webContents.send` for
 * events. Every call must come from the console window's own main frame on
 * the app's origin; anything else is refused.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_CALL, IPC_EVENT } from '../../shared/contract';
import type { CallResult } from '../../shared/errors';
import type { EventBus } from '../services/platform/events';
import type { Router } from './router';

export function attachElectronTransport(
  router: Router,
  events: EventBus,
  window: BrowserWindow,
  isAppUrl: (url: string) => boolean,
): () => void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return !!frame && event.sender === window.webContents && frame === window.webContents.mainFrame && isAppUrl(frame.url);
  };

  ipcMain.handle(IPC_CALL, async (event, channel: unknown, input: unknown): Promise<CallResult<unknown>> => {
    if (!trusted(event)) {
      return { ok: false, error: { code: 'FORBIDDEN', message: 'Calls are accepted only from the console window.' } };
    }
    return router.dispatch(channel, input);
  });

  const unsubscribe = events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, name, payload);
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CALL);
  };
}
