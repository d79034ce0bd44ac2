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
import { Button, Callout, Classes, Icon, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import type { GettingStartedTask, StepStatus } from '../../../../shared/model/getting-started';
import { goRoute } from '../../../../shared/rules/getting-started/progress';
import { currentStep, LAST_TASK, STEP_LABELS, stepStatus, TASK_STEPS } from '../../../../shared/rules/getting-started/steps';
import { errorMessage } from '../../core/api';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { SidePanel } from '../../components/SidePanel';
import { finishTraining, skipStep } from './client';
import { gettingStartedOpenAtom, lastDeviceAtom } from './state';

const STATUS_WORDS: Readonly<Record<StepStatus, string>> = { done: 'Done', skipped: 'Skipped', current: 'Current step', upcoming: 'Upcoming' };
const STATUS_ICONS: Readonly<Record<StepStatus, IconName>> = { done: 'tick-circle', skipped: 'arrow-right', current: 'circle-arrow-right', upcoming: 'circle' };

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
  else {
    body = (
      <ol className="getting-started-steps" aria-label="Getting started steps">
        {TASK_STEPS.map((step, index) => {
          const status = stepStatus(data, step);
          const labels = STEP_LABELS[step];
          const route = goRoute(step, lastDevice);
          return (
            <li key={step} className={`getting-started-step is-${status}`} aria-current={status === 'current' ? 'step' : undefined} data-step={step} data-status={status}>
              <Icon icon={STATUS_ICONS[status]} intent={status === 'done' ? 'success' : status === 'current' ? 'primary' : 'none'} aria-hidden />
              <div className="getting-started-step-text">
                <h3 className={`${Classes.HEADING} getting-started-step-title`}>
                  {index + 1}. {labels.title}
                </h3>
                <span className={`getting-started-step-status ${Classes.TEXT_MUTED}`}>{STATUS_WORDS[status]}</span>
                {status === 'current' && <p className="getting-started-step-description">{labels.description}</p>}
                <div className="getting-started-step-actions">
                  {route && status !== 'done' && (
                    <Button size="small" variant={status === 'current' ? 'solid' : 'outlined'} intent={status === 'current' ? 'primary' : 'none'} aria-label={`Go: ${labels.title}`} title={labels.go ?? undefined} onClick={() => navigate(route)}>
                      Go
                    </Button>
                  )}
                  {status === 'current' && step !== LAST_TASK && step !== 'stepOne' && (
                    <Button size="small" variant="minimal" aria-label={`Skip step: ${labels.title}`} disabled={busy} onClick={() => act(() => skipStep(step as GettingStartedTask))}>
                      Skip step
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    );
  }

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
