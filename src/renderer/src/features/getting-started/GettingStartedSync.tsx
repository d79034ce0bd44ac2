/**
 * Keeps the wizard's progress while signed in: reads the user's state, shows
 * the wizard by itself once per sign-in while the training is not finished,
 * and marks a step done on the server when the technician really did it
 * (shared/rules/getting-started/progress.ts): signed in (stepOne), a device's
 * page opened (stepTwo), a download completed (stepThree, from the downloads
 * list and its events), an automation or a PSA connection saved (stepFour,
 * stepFive, from the contract writes). A failed save is tried again at the
 * next such event (stepOne's at the next move to another screen); the step
 * stays current meanwhile.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import type { GettingStartedState, GettingStartedTask } from '../../../../shared/model/getting-started';
import { deviceOfRoute, stepOfDownload, stepOfRoute, stepOfWrite } from '../../../../shared/rules/getting-started/progress';
import { currentStep, showsByItself } from '../../../../shared/rules/getting-started/steps';
import { onWrite } from '../../core/data/cache';
import { useQuery } from '../../core/data/use-query';
import { useRoute } from '../../core/router';
import { sessionAtom } from '../../core/session';
import { completeStep, onDownloadFinished } from './client';
import { gettingStartedOpenAtom, lastDeviceAtom } from './state';

export function GettingStartedSync() {
  const session = useAtomValue(sessionAtom);
  const userKey = session?.status === 'signed-in' ? `${session.profile.id}|${session.user.id}` : null;
  const { data } = useQuery('gettingStarted.state', userKey ? {} : null);
  const setOpen = useSetAtom(gettingStartedOpenAtom);
  const setLastDevice = useSetAtom(lastDeviceAtom);
  const route = useRoute();
  const shownFor = useRef<string | null>(null);
  const stateRef = useRef<GettingStartedState | undefined>(data);
  useEffect(() => {
    stateRef.current = data;
  }, [data]);

  const saving = useRef<GettingStartedTask | null>(null);
  const done = useCallback((step: GettingStartedTask | null) => {
    const state = stateRef.current;
    if (!step || !state || currentStep(state) !== step || saving.current === step) return;
    saving.current = step;
    // Failing quietly: the step stays current and the next such action tries again.
    completeStep(step)
      .catch(() => {})
      .finally(() => {
        saving.current = null;
      });
  }, []);

  // Shown by itself once per sign-in while not finished; closing it ("Skip for now") keeps it closed.
  useEffect(() => {
    if (!userKey) {
      shownFor.current = null;
      setOpen(false);
      return;
    }
    if (data && shownFor.current !== userKey) {
      shownFor.current = userKey;
      if (showsByItself(data)) setOpen((open) => open || 'auto');
    }
  }, [userKey, data, setOpen]);

  // stepOne is done by being signed in: done as soon as the state is read, and, when that save failed, tried again
  // at each move to another screen (nothing else would bring it up again).
  const current = data ? currentStep(data) : null;
  useEffect(() => {
    if (userKey && current === 'stepOne') done('stepOne');
  }, [userKey, current, route, done]);

  useEffect(() => {
    const device = deviceOfRoute(route);
    if (device !== null) setLastDevice(device);
    if (userKey && current) done(stepOfRoute(route));
  }, [route, userKey, current, done, setLastDevice]);

  // Only a download that completes while the step is current does it: one from before (another session, another
  // user of this computer) is no task done now.
  useEffect(() => {
    if (!userKey || current !== 'stepThree') return;
    return onDownloadFinished((item) => done(stepOfDownload(item)));
  }, [userKey, current, done]);

  useEffect(() => onWrite((channel, output) => done(stepOfWrite(channel, output))), [done]);
  return null;
}
