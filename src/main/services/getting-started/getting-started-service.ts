/**
 * The getting-started wizard's progress (spec/ticketing-automations-psa.md
 * §9.4), kept on the server per user so it resumes where it was left (on
 * another machine too): read, then changed by the pure rules
 * (shared/rules/getting-started/steps.ts) and written back whole. Every input
 * is checked again here with the contract's strict schemas. A state the
 * server answers in a shape of its own is read tolerantly.
 */
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { GettingStartedState, GettingStartedTask } from '../../../shared/model/getting-started';
import { GETTING_STARTED_PATHS } from '../../../shared/rules/getting-started/paths';
import { completeStep, finishTraining, GETTING_STARTED_MESSAGES, isStep, readState, skipStep, stateSchema, taskStepSchema } from '../../../shared/rules/getting-started/steps';
import type { ApiClient } from '../platform/api/api-client';
import { AreaCalls } from '../platform/api/area-calls';
import { anyAnswer } from '../platform/api/tolerant';

const GONE = 'Getting started is not available on this instance.';

function checked<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', 'This is not a getting-started step.');
  return parsed.data;
}

export class GettingStartedService {
  private readonly calls: AreaCalls;

  constructor(api: () => ApiClient) {
    this.calls = new AreaCalls(api);
  }

  async state(): Promise<GettingStartedState> {
    return readState(await this.calls.readOr(GETTING_STARTED_PATHS.state, anyAnswer, GETTING_STARTED_MESSAGES.readFailed));
  }

  async completeStep(step: GettingStartedTask): Promise<GettingStartedState> {
    const task = checked(taskStepSchema, step);
    return this.change((state) => completeStep(state, task));
  }

  async skipStep(step: GettingStartedTask): Promise<GettingStartedState> {
    const task = checked(taskStepSchema, step);
    return this.change((state) => skipStep(state, task));
  }

  async finishTraining(): Promise<GettingStartedState> {
    return this.change((state) => {
      const finished = finishTraining(state);
      if (!finished) throw new AppError('INVALID_INPUT', GETTING_STARTED_MESSAGES.notLastStep);
      return finished;
    });
  }

  /** Reads the state, applies `rule`, and saves it when it changed; answers the state as saved. */
  private async change(rule: (state: GettingStartedState) => GettingStartedState): Promise<GettingStartedState> {
    const raw = await this.calls.readOr(GETTING_STARTED_PATHS.state, anyAnswer, GETTING_STARTED_MESSAGES.readFailed);
    const before = readState(raw);
    // A step of the instance's own (a newer server's) is shown as the first, but never written over: its progress stays.
    const rawStep = typeof raw === 'object' && raw !== null ? (raw as { step?: unknown }).step : undefined;
    if (rawStep !== undefined && !isStep(rawStep) && !before.finished) return before;
    const after = rule(before);
    if (after === before) return before;
    const body = checked(stateSchema, after);
    return this.calls.send('PUT', GETTING_STARTED_PATHS.state, {
      what: 'your getting-started progress',
      json: body,
      gone: GONE,
      serverWords: true,
      // A server answering nothing readable saved what it was sent.
      read: (answer) => (typeof answer === 'object' && answer !== null && 'step' in answer ? readState(answer) : after),
    });
  }
}
