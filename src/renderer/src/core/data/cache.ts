/**
 * The renderer's one cache of contract answers (TanStack Query). A read is
 * keyed by its channel and input, so two screens asking the same thing share
 * one request and one answer; a write names the channels it changes, and
 * their answers are read again where a screen shows them and forgotten where
 * none does, so no screen shows what was true before the write.
 *
 * Nothing is retried behind the technician's back (an error is shown as it
 * came) and nothing is read again because the window got focus: the main
 * process already keeps the offline cache and reports reachability.
 */
import { QueryClient } from '@tanstack/react-query';
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // An answer is kept for a screen opened again within five minutes (shown at once, then read again).
      gcTime: 5 * 60_000,
      staleTime: 0,
    },
  },
});

/** A contract read's key: the channel first, so every read of a channel is found by its name. */
export function callKey<C extends CallChannel>(channel: C, input: CallInput<C>): readonly [C, CallInput<C>] {
  return [channel, input] as const;
}

/**
 * After a write: every answer read from these channels is out of date. Shown ones are read again now; the
 * others are dropped, so a screen opened later reads afresh instead of showing the answer from before the write.
 */
export function refresh(...channels: readonly CallChannel[]): void {
  for (const channel of channels) {
    queryClient.removeQueries({ queryKey: [channel], type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: [channel] });
  }
}

type WriteListener = (channel: CallChannel, output: unknown) => void;
const writeListeners = new Set<WriteListener>();

/** Tells `listener` of every successful write (what the technician really saved); answers the unsubscribe. */
export function onWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** A write through the contract; once it succeeded, the channels it changes are refreshed (`refresh`). */
export async function write<C extends CallChannel>(channel: C, input: CallInput<C>, changes: readonly CallChannel[]): Promise<CallOutput<C>> {
  const output = await api.call(channel, input);
  refresh(...changes);
  for (const listener of writeListeners) {
    try {
      listener(channel, output);
    } catch {
      // An observer's failure never fails the write.
    }
  }
  return output;
}
