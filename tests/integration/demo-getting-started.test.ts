/**
 * The `gettingStarted.*` channels through the console's router and service
 * against the demo server over real HTTP: the demo's default (finished),
 * a reset to stepOne, advancing, resuming from a second services instance,
 * skipping, finishing (final), the failure switches, and bad steps refused
 * before any call leaves the machine.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GettingStartedState } from '../../src/shared/model/getting-started';
import { createTestServices, signedInDemo, type TestServices } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const ctx = signedInDemo();
const call = <T = GettingStartedState>(channel: string, input: unknown = {}) => ctx.services().call<T>(channel, input);
const refusal = (promise: Promise<unknown>) => promise.then(() => ({ code: 'NONE', message: '' }), (error: { code: string; message: string }) => ({ code: error.code, message: error.message }));

async function switches(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.demo().url}/__demo/gettingstarted`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

let second: TestServices | undefined;
afterAll(async () => {
  await second?.dispose();
});

describe('getting started', () => {
  it('reads the demo default: finished, so the wizard never shows by itself', async () => {
    expect(await call('gettingStarted.state')).toEqual({ step: 'finishTraining', skipped: [], finished: true });
    // Finished is final: a step done now changes nothing.
    expect(await call('gettingStarted.completeStep', { step: 'stepOne' })).toMatchObject({ finished: true });
  });

  it('after a reset starts at stepOne and advances step by step; a step not current changes nothing', async () => {
    const view = await switches({ reset: true });
    expect(view).toMatchObject({ failSave: false, default: { step: 'stepOne', finished: false } });
    expect(view).not.toHaveProperty('reset');
    expect(await call('gettingStarted.state')).toEqual({ step: 'stepOne', skipped: [], finished: false });
    expect(await call('gettingStarted.completeStep', { step: 'stepOne' })).toEqual({ step: 'stepTwo', skipped: [], finished: false });
    expect(await call('gettingStarted.completeStep', { step: 'stepFour' })).toEqual({ step: 'stepTwo', skipped: [], finished: false });
    expect(await call('gettingStarted.completeStep', { step: 'stepTwo' })).toEqual({ step: 'stepThree', skipped: [], finished: false });
    expect(await call('gettingStarted.state')).toMatchObject({ step: 'stepThree' });
  });

  it('resumes: a second console for the same user reads the same step from the server', async () => {
    second = await createTestServices({ demo: ctx.demo(), keytar: null });
    await second.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
    expect(await second.call('gettingStarted.state')).toEqual({ step: 'stepThree', skipped: [], finished: false });
  });

  it('skips the current step (remembered as skipped); another user has a progress of their own', async () => {
    expect(await call('gettingStarted.skipStep', { step: 'stepThree' })).toEqual({ step: 'stepFour', skipped: ['stepThree'], finished: false });
    expect(await second!.call('gettingStarted.state')).toEqual({ step: 'stepFour', skipped: ['stepThree'], finished: false });
    const limited = await createTestServices({ demo: ctx.demo(), keytar: null });
    try {
      await limited.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-limited', clientSecret: 'demo-limited-secret', remember: false });
      expect(await limited.call('gettingStarted.state')).toEqual({ step: 'stepOne', skipped: [], finished: false });
    } finally {
      await limited.dispose();
    }
  });

  it('keeps the step when the server fails to save it (failSave), and tells why', async () => {
    await switches({ failSave: true });
    const failed = await refusal(call('gettingStarted.completeStep', { step: 'stepFour' }));
    expect(failed.code).toBe('SERVER_ERROR');
    expect(failed.message).toMatch(/getting-started progress could not be saved/);
    await switches({ failSave: false });
    expect(await call('gettingStarted.state')).toMatchObject({ step: 'stepFour' });

    await switches({ failRead: true });
    expect(await refusal(call('gettingStarted.state'))).toEqual({ code: 'SERVER_ERROR', message: 'Your getting-started progress could not be read.' });
    await switches({ failRead: false });
  });

  it('refuses a bad step before any call, and Finish before the last step', async () => {
    for (const input of [{ step: 'stepSeven' }, { step: 'finishTraining' }, { step: 'stepOne', extra: true }, {}, { step: 2 }]) {
      expect((await refusal(call('gettingStarted.completeStep', input))).code).toBe('INVALID_INPUT');
      expect((await refusal(call('gettingStarted.skipStep', input))).code).toBe('INVALID_INPUT');
    }
    expect((await refusal(call('gettingStarted.finishTraining', { now: true }))).code).toBe('INVALID_INPUT');
    expect(await refusal(call('gettingStarted.finishTraining'))).toEqual({ code: 'INVALID_INPUT', message: 'Finish is offered on the last step only.' });
    expect(await call('gettingStarted.state')).toMatchObject({ step: 'stepFour', finished: false });
  });

  it('finishes from the last step (finishTraining), for good', async () => {
    await call('gettingStarted.completeStep', { step: 'stepFour' });
    expect(await call('gettingStarted.skipStep', { step: 'stepFive' })).toEqual({ step: 'stepSix', skipped: ['stepThree', 'stepFive'], finished: false });
    // The last step is left by Finish only.
    expect(await call('gettingStarted.completeStep', { step: 'stepSix' })).toMatchObject({ step: 'stepSix' });
    expect(await call('gettingStarted.finishTraining')).toEqual({ step: 'finishTraining', skipped: ['stepThree', 'stepFive'], finished: true });
    expect(await second!.call('gettingStarted.state')).toMatchObject({ finished: true });
    expect(await call('gettingStarted.finishTraining')).toMatchObject({ finished: true });
    // The demo keeps it for that user.
    const res = await fetch(`${ctx.demo().url}/__demo/gettingstarted`, { headers: { 'x-demo-admin': ADMIN_KEY } });
    expect(((await res.json()) as { users: Record<string, GettingStartedState> }).users['1']).toMatchObject({ finished: true });
  });

  it('the demo refuses an unknown switch', async () => {
    const res = await fetch(`${ctx.demo().url}/__demo/gettingstarted`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ failEverything: true }) });
    expect(res.status).toBe(400);
  });
});
