/**
 * The getting-started wizard (spec/ticketing-automations-psa.md §2.5, §9.4):
 * a side panel named "Getting started" listing the six steps, each done,
 * skipped, current or upcoming (said in words, not only by an icon), with a
 * "Go" button leading where the step is done, "Skip step" on the current
 * one, "Skip for now" (closes it until reopened from the help panel) and, on
 * the last step, "Finish" (finishTraining: closed for good).
 *
 * Opened by itself after sign-in it has no backdrop and takes no focus: the
 * screen under it stays usable. Opened from the help panel, focus moves in.
 */
import './GettingStartedPanel.css';
import { Button, Callout, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { currentStep, LAST_TASK } from '../../../../shared/rules/getting-started/steps';
import { errorMessage } from '../../core/api';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { SidePanel } from '../../components/SidePanel';
import { finishTraining, skipStep } from './client';
import { gettingStartedOpenAtom, lastDeviceAtom } from './state';
import { StepList } from './StepList';

export function GettingStartedPanel() {
  const [open, setOpen] = useAtom(gettingStartedOpenAtom);
  const lastDevice = useAtomValue(lastDeviceAtom);
  const { data, error, loading } = useQuery('gettingStarted.state', open ? {} : null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => setOpen(false);

  const act = (action: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setFailure(null);
    action().then(
      () => after?.(),
      (reason: unknown) => setFailure(errorMessage(reason)),
    ).finally(() => setBusy(false));
  };

  const current = data ? currentStep(data) : null;
  let body;
  if (!data && loading) body = <NonIdealState icon={<Spinner size={24} />} title="Loading your progress" />;
  else if (!data) body = <Callout intent="danger" role="alert" title="Getting started could not be loaded">{error?.message ?? ''}</Callout>;
  else body = <StepList state={data} lastDevice={lastDevice} busy={busy} onGo={navigate} onSkip={(step) => act(() => skipStep(step))} />;

  return (
    <SidePanel
      className="getting-started-panel"
      title="Getting started"
      icon="flag"
      isOpen={open === 'asked' || (open === 'auto' && !(data?.finished ?? false))}
      onClose={close}
      size="360px"
      hasBackdrop={false}
      autoFocus={open === 'asked'}
      enforceFocus={false}
      canOutsideClickClose={false}
      canEscapeKeyClose
    >
      <div className={Classes.DRAWER_BODY}>
        <div className="getting-started-body">
          <p className={Classes.TEXT_MUTED}>
            {data?.finished ? 'You finished getting started. The steps stay here for reference.' : 'Six short tasks to find your way around the console. Your progress is kept for you: pick up where you left it.'}
          </p>
          {body}
          <div role="status" aria-live="polite" className="getting-started-notice">
            {failure && (
              <Callout intent="danger" title="Not saved">
                {failure}
              </Callout>
            )}
          </div>
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="getting-started-footer">
          <Button variant="minimal" onClick={close}>
            {data?.finished ? 'Done' : 'Skip for now'}
          </Button>
          {current === LAST_TASK && (
            <Button intent="primary" loading={busy} onClick={() => act(finishTraining, close)}>
              Finish
            </Button>
          )}
        </div>
      </div>
    </SidePanel>
  );
}
