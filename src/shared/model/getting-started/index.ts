/**
 * The getting-started wizard (spec/ticketing-automations-psa.md §2.5, §9.4):
 * six steps, stepOne to stepSix, then finishTraining. The server keeps, per
 * user, the step the technician is on, the steps skipped and whether the
 * training is finished, so the wizard resumes where it was left.
 */

/** §9.4 the steps in their order; finishTraining is where a finished training stays. */
export const GETTING_STARTED_STEPS = ['stepOne', 'stepTwo', 'stepThree', 'stepFour', 'stepFive', 'stepSix', 'finishTraining'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** The steps a technician works through (finishTraining is the end, not a task). */
export type GettingStartedTask = Exclude<GettingStartedStep, 'finishTraining'>;

/** The user's progress, as the server keeps it. */
export interface GettingStartedState {
  /** The current step (finishTraining once finished). */
  step: GettingStartedStep;
  /** The steps skipped rather than done, in the order of the steps. */
  skipped: GettingStartedStep[];
  /** Finished for good: the wizard is never shown by itself again. */
  finished: boolean;
}

/** How one step shows in the list. */
export type StepStatus = 'done' | 'skipped' | 'current' | 'upcoming';
