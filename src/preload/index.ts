/**
 * The preload: exposes one narrow object, `window.api`, built from the
 * contract's channel and event names. No raw ipcRenderer reaches the page;
 * `on` returns its unsubscribe function.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_CHANNELS, EVENT_NAMES, IPC_CALL, IPC_EVENT, type ConsoleBridge } from '../shared/contract';
import type { CallResult } from '../shared/errors';

const callable = new Set<string>(CALL_CHANNELS);
const subscribable = new Set<string>(EVENT_NAMES);

const api: ConsoleBridge = {
  call(channel: string, input: unknown): Promise<CallResult<unknown>> {
    if (!callable.has(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Unknown call: ${String(channel).slice(0, 80)}` } });
    }
    return ipcRenderer.invoke(IPC_CALL, channel, input) as Promise<CallResult<unknown>>;
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!subscribable.has(event)) throw new Error(`Unknown event: ${String(event).slice(0, 80)}`);
    const wrapped = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT, wrapped);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('api', api);
