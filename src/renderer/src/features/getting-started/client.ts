/**
 * The getting-started wizard's contract calls, in one place: its state is
 * read through the shared cache; each write answers the state as saved,
 * which replaces the cached one at once.
 */
import type { CallOutput, EventPayload } from '../../../../shared/contract';
import type { GettingStartedTask } from '../../../../shared/model/getting-started';
import { api } from '../../core/api';
import { callKey, queryClient, write } from '../../core/data/cache';

type State = CallOutput<'gettingStarted.state'>;

function keep(state: State): State {
  queryClient.setQueryData(callKey('gettingStarted.state', {}), state);
  return state;
}

export const completeStep = async (step: GettingStartedTask): Promise<State> => keep(await write('gettingStarted.completeStep', { step }, []));
export const skipStep = async (step: GettingStartedTask): Promise<State> => keep(await write('gettingStarted.skipStep', { step }, []));
export const finishTraining = async (): Promise<State> => keep(await write('gettingStarted.finishTraining', {}, []));

/** Tells `listener` of each download that completed or failed; answers the unsubscribe. */
export const onDownloadFinished = (listener: (item: EventPayload<'downloads.finished'>) => void): (() => void) => api.on('downloads.finished', listener);
