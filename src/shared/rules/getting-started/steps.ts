/**
 * The getting-started wizard's rules (spec/ticketing-automations-psa.md
 * §9.4), pure: the order of the steps, which one is current, what a step's
 * completion or skipping does, finishing (final), and reading a server's
 * state tolerantly (a step key this console does not know starts again at
 * the first step: every step is done again in seconds, nothing is lost).
 */
import { z } from 'zod';
import { GETTING_STARTED_STEPS, type GettingStartedState, type GettingStartedStep, type GettingStartedTask, type StepStatus } from '../../model/getting-started';

export const FIRST_STEP: GettingStartedStep = 'stepOne';
export const LAST_TASK: GettingStartedTask = 'stepSix';

/** The state of a user who never started. */
export const INITIAL_STATE: GettingStartedState = { step: FIRST_STEP, skipped: [], finished: false };
export const FINISHED_STATE: GettingStartedState = { step: 'finishTraining', skipped: [], finished: true };

/** The steps the list shows (finishTraining is the Finish button). */
export const TASK_STEPS: readonly GettingStartedTask[] = GETTING_STARTED_STEPS.filter((s): s is GettingStartedTask => s !== 'finishTraining');

export const STEP_LABELS: Readonly<Record<GettingStartedTask, { title: string; description: string; go: string | null }>> = {
  stepOne: { title: 'Connect your instance', description: 'Sign in to your RMM instance. Done as soon as you are signed in.', go: null },
  stepTwo: { title: 'Find a device', description: "Open a device's page from the device list.", go: 'Go to the device list' },
  stepThree: { title: 'Browse a backup and download a file', description: "Open a device's backup, pick a file and download it.", go: 'Go to backups' },
  stepFour: { title: 'Create an automation', description: 'Save a ticketing automation.', go: 'Go to automations' },
  stepFive: { title: 'Connect a PSA', description: 'Save an Autotask or ConnectWise connection.', go: 'Go to integrations' },
  stepSix: { title: "You're ready", description: 'You know your way around the console. Finish to close this guide for good.', go: null },
};

export function isStep(value: unknown): value is GettingStartedStep {
  return typeof value === 'string' && (GETTING_STARTED_STEPS as readonly string[]).includes(value);
}

export const stepIndex = (step: GettingStartedStep): number => GETTING_STARTED_STEPS.indexOf(step);

/** The step after `step` (finishTraining stays). */
export function nextStep(step: GettingStartedStep): GettingStartedStep {
  return GETTING_STARTED_STEPS[Math.min(stepIndex(step) + 1, GETTING_STARTED_STEPS.length - 1)]!;
}

/** The step the technician is on (finishTraining once finished). */
export function currentStep(state: GettingStartedState): GettingStartedStep {
  return state.finished ? 'finishTraining' : state.step;
}

/** How `step` shows: done or skipped before the current step, the current one, upcoming after it. */
export function stepStatus(state: GettingStartedState, step: GettingStartedStep): StepStatus {
  const current = stepIndex(currentStep(state));
  const index = stepIndex(step);
  if (index < current) return state.skipped.includes(step) ? 'skipped' : 'done';
  return index === current ? 'current' : 'upcoming';
}

/** Whether the wizard shows by itself after sign-in (the technician's "Skip for now" is the renderer's). */
export const showsByItself = (state: GettingStartedState): boolean => !state.finished;

/**
 * `step` is done: when it is the current one, the next becomes current. Doing a step already passed, or one
 * ahead of the current (the technician did it early), changes nothing: steps are done in order. stepSix is
 * left by Finish only.
 */
export function completeStep(state: GettingStartedState, step: GettingStartedTask): GettingStartedState {
  if (state.finished || state.step !== step || step === LAST_TASK) return state;
  return { ...state, step: nextStep(step) };
}

/** `step` is skipped: like completing it, but remembered as skipped. */
export function skipStep(state: GettingStartedState, step: GettingStartedTask): GettingStartedState {
  if (state.finished || state.step !== step || step === LAST_TASK) return state;
  return { ...state, step: nextStep(step), skipped: [...state.skipped.filter((s) => s !== step), step] };
}

/** finishTraining: only from the last step; final (nothing moves a finished state). */
export function finishTraining(state: GettingStartedState): GettingStartedState | null {
  if (state.finished) return state;
  if (state.step !== LAST_TASK) return null;
  return { step: 'finishTraining', skipped: state.skipped, finished: true };
}

/**
 * A server's answer read tolerantly: finished wins; a step this console does not know starts at the first step;
 * unknown or repeated skipped keys are dropped; anything unreadable is a state never started.
 */
export function readState(raw: unknown): GettingStartedState {
  if (typeof raw !== 'object' || raw === null) return INITIAL_STATE;
  const record = raw as Record<string, unknown>;
  const finished = record.finished === true || record.finished === 'true' || record.step === 'finishTraining';
  const skippedRaw = Array.isArray(record.skipped) ? record.skipped : [];
  const skipped = [...new Set(skippedRaw.filter(isStep))].sort((a, b) => stepIndex(a) - stepIndex(b));
  if (finished) return { step: 'finishTraining', skipped, finished: true };
  const step = isStep(record.step) ? record.step : FIRST_STEP;
  return { step, skipped: skipped.filter((s) => stepIndex(s) < stepIndex(step)), finished: false };
}

/** What the wizard's calls accept: one of the six tasks (finishTraining has its own call). */
export const taskStepSchema = z.enum(TASK_STEPS as unknown as [GettingStartedTask, ...GettingStartedTask[]]);
export const stepInputSchema = z.strictObject({ step: taskStepSchema });
/** The whole state as the server is sent it (the demo refuses anything else). */
export const stateSchema = z.strictObject({ step: z.enum(GETTING_STARTED_STEPS), skipped: z.array(z.enum(GETTING_STARTED_STEPS)).max(GETTING_STARTED_STEPS.length), finished: z.boolean() });

export const GETTING_STARTED_MESSAGES = {
  readFailed: 'Your getting-started progress could not be read.',
  notLastStep: 'Finish is offered on the last step only.',
} as const;
