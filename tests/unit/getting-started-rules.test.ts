/** The getting-started wizard's pure rules: order, current step, completing, skipping, resuming, finishing, tolerant reading. */
import { describe, expect, it } from 'vitest';
import { GETTING_STARTED_STEPS, type GettingStartedState } from '../../src/shared/model/getting-started';
import {
  completeStep,
  currentStep,
  finishTraining,
  INITIAL_STATE,
  nextStep,
  readState,
  showsByItself,
  skipStep,
  stepStatus,
  TASK_STEPS,
} from '../../src/shared/rules/getting-started/steps';
import { deviceOfRoute, goRoute, stepOfDownload, stepOfRoute, stepOfWrite } from '../../src/shared/rules/getting-started/progress';

const at = (step: GettingStartedState['step'], skipped: GettingStartedState['skipped'] = []): GettingStartedState => ({ step, skipped, finished: false });

describe('getting-started steps', () => {
  it('orders stepOne to stepSix then finishTraining; the list shows the six tasks', () => {
    expect(GETTING_STARTED_STEPS).toEqual(['stepOne', 'stepTwo', 'stepThree', 'stepFour', 'stepFive', 'stepSix', 'finishTraining']);
    expect(TASK_STEPS).toEqual(['stepOne', 'stepTwo', 'stepThree', 'stepFour', 'stepFive', 'stepSix']);
    expect(nextStep('stepOne')).toBe('stepTwo');
    expect(nextStep('stepSix')).toBe('finishTraining');
    expect(nextStep('finishTraining')).toBe('finishTraining');
  });

  it('tells done, skipped, current and upcoming steps', () => {
    const state = at('stepFour', ['stepTwo']);
    expect(currentStep(state)).toBe('stepFour');
    expect(TASK_STEPS.map((s) => stepStatus(state, s))).toEqual(['done', 'skipped', 'done', 'current', 'upcoming', 'upcoming']);
    expect(TASK_STEPS.map((s) => stepStatus({ ...state, step: 'finishTraining', finished: true }, s))).toEqual(['done', 'skipped', 'done', 'done', 'done', 'done']);
  });

  it('completes the current step only: the next becomes current; a passed or later step changes nothing', () => {
    expect(completeStep(INITIAL_STATE, 'stepOne')).toEqual(at('stepTwo'));
    expect(completeStep(at('stepThree'), 'stepTwo')).toEqual(at('stepThree'));
    expect(completeStep(at('stepThree'), 'stepFive')).toEqual(at('stepThree'));
    // The last step is left by Finish only.
    expect(completeStep(at('stepSix'), 'stepSix')).toEqual(at('stepSix'));
  });

  it('skips the current step, remembered as skipped', () => {
    expect(skipStep(at('stepTwo'), 'stepTwo')).toEqual(at('stepThree', ['stepTwo']));
    expect(skipStep(at('stepTwo'), 'stepFour')).toEqual(at('stepTwo'));
    expect(skipStep(at('stepSix'), 'stepSix')).toEqual(at('stepSix'));
  });

  it('resumes where the server says: the state read back is the same state', () => {
    const state = at('stepFive', ['stepThree']);
    expect(readState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(showsByItself(state)).toBe(true);
  });

  it('finishes only from the last step, and finishing is final', () => {
    expect(finishTraining(at('stepFour'))).toBeNull();
    const finished = finishTraining(at('stepSix', ['stepFive']))!;
    expect(finished).toEqual({ step: 'finishTraining', skipped: ['stepFive'], finished: true });
    expect(showsByItself(finished)).toBe(false);
    expect(completeStep(finished, 'stepSix')).toBe(finished);
    expect(skipStep(finished, 'stepTwo')).toBe(finished);
    expect(finishTraining(finished)).toBe(finished);
  });

  it('reads a real server tolerantly: an unknown step key starts at stepOne, unknown skipped keys dropped, finished wins', () => {
    expect(readState({ step: 'stepSeven', skipped: ['stepTwo'], finished: false })).toEqual(at('stepOne'));
    expect(readState({ step: 'stepThree', skipped: ['stepTwo', 'bogus', 'stepTwo', 'stepFive'], extra: 1 })).toEqual(at('stepThree', ['stepTwo']));
    expect(readState({ step: 'whatever', finished: true })).toEqual({ step: 'finishTraining', skipped: [], finished: true });
    expect(readState({ step: 'finishTraining' }).finished).toBe(true);
    expect(readState(null)).toEqual(INITIAL_STATE);
    expect(readState('nonsense')).toEqual(INITIAL_STATE);
  });
});

describe('getting-started progress', () => {
  it('sees a device page as stepTwo, a completed download as stepThree', () => {
    expect(stepOfRoute('/deviceDashboard/12/backup')).toBe('stepTwo');
    expect(stepOfRoute('/deviceDashboard/12')).toBe('stepTwo');
    expect(stepOfRoute('/devices')).toBeNull();
    expect(stepOfRoute('/deviceDashboard/abc/backup')).toBeNull();
    expect(deviceOfRoute('/deviceDashboard/7/backup/activity')).toBe(7);
    expect(stepOfDownload({ state: 'completed' })).toBe('stepThree');
    expect(stepOfDownload({ state: 'downloading' })).toBeNull();
  });

  it('sees an automation saved as stepFour (not a template or board), a PSA connection saved as stepFive', () => {
    expect(stepOfWrite('ticketing.saveTrigger', { type: 'EVENT_BASED' })).toBe('stepFour');
    expect(stepOfWrite('ticketing.saveTrigger', { type: 'TIME_BASED' })).toBe('stepFour');
    expect(stepOfWrite('ticketing.saveTrigger', { type: 'BOARD' })).toBeNull();
    expect(stepOfWrite('ticketing.saveTrigger', undefined)).toBeNull();
    expect(stepOfWrite('psa.saveConnection', {})).toBe('stepFive');
    expect(stepOfWrite('approvals.approve', {})).toBeNull();
  });

  it('goes where each task is done', () => {
    expect(goRoute('stepOne', null)).toBeNull();
    expect(goRoute('stepTwo', null)).toBe('/devices');
    expect(goRoute('stepThree', null)).toBe('/devices');
    expect(goRoute('stepThree', 12)).toBe('/deviceDashboard/12/backup');
    expect(goRoute('stepFour', null)).toBe('/administration/apps/ticketing');
    expect(goRoute('stepFive', null)).toBe('/administration/apps');
    expect(goRoute('stepSix', null)).toBeNull();
  });
});
