/**
 * The getting-started wizard (`gettingStarted.*`, spec/ticketing-automations-psa.md
 * §2.5, §9.4): the signed-in user's progress as the server keeps it, a step
 * done or skipped, and finishTraining. Each write answers the state as saved.
 * Path: src/shared/rules/getting-started/paths.ts (the demo's own).
 */
import type { GettingStartedState } from '../../model/getting-started';
import { stepInputSchema } from '../../rules/getting-started/steps';
import { noInput, returns } from '../common';

export const gettingStartedCalls = {
  /** The user's progress (a step this console does not know reads as stepOne). */
  'gettingStarted.state': { input: noInput, output: returns<GettingStartedState>() },
  /** The step is done: when it is the current one the next becomes current; otherwise nothing changes. */
  'gettingStarted.completeStep': { input: stepInputSchema, output: returns<GettingStartedState>() },
  /** The current step is skipped (remembered as skipped); another step changes nothing. */
  'gettingStarted.skipStep': { input: stepInputSchema, output: returns<GettingStartedState>() },
  /** §9.4 finishTraining: from the last step only (INVALID_INPUT otherwise); final. */
  'gettingStarted.finishTraining': { input: noInput, output: returns<GettingStartedState>() },
} as const;
