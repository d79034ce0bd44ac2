/**
 * The renderer's typed API: `api.call(channel, input)` resolves with the
 * channel's output or throws an ApiError `{ code, message }`; `api.on` returns
 * an unsubscribe function. Uses the preload's `window.api` in Electron and the
 * HTTP bridge in browser mode.
 */
import type { CallChannel, CallInput, CallOutput, ConsoleBridge, EventName, EventPayload } from '../../../shared/contract';
import { ApiError } from './api-error';
import { createHttpBridge } from './http-bridge';

export { ApiError };

declare global {
  interface Window {
    api?: ConsoleBridge;
  }
}


const bridge: ConsoleBridge = window.api ?? createHttpBridge();

export const api = {
  async call<C extends CallChannel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
    const result = await bridge.call(channel, input);
    if (!result.ok) throw new ApiError(result.error.code, result.error.message);
    return result.value as CallOutput<C>;
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return bridge.on(event, listener as (payload: unknown) => void);
  },
};

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong in the console. Please try again.';
}
