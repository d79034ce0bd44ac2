/** The getting-started wizard (`gettingStarted.*`): the user's progress, a step done or skipped, finishTraining. */
import type { GettingStartedService } from '../../services/getting-started/getting-started-service';
import type { HandlersOf } from '../router';

export function gettingStartedHandlers(gettingStarted: GettingStartedService): HandlersOf<'gettingStarted'> {
  return {
    'gettingStarted.state': () => gettingStarted.state(),
    'gettingStarted.completeStep': ({ step }) => gettingStarted.completeStep(step),
    'gettingStarted.skipStep': ({ step }) => gettingStarted.skipStep(step),
    'gettingStarted.finishTraining': () => gettingStarted.finishTraining(),
  };
}
