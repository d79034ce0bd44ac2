/**
 * The wizard's steps as a list named "Getting started steps": each step's
 * number and title (a heading), its state in words (Done, Skipped, Current
 * step, Upcoming; the current one is `aria-current="step"`), a "Go" button
 * named "Go: <title>" where the task is done, and "Skip step: <title>" on the
 * current one (not on stepOne, done by signing in, nor on the last).
 */
import { Button, Classes, Icon, type IconName } from '@blueprintjs/core';
import type { GettingStartedState, GettingStartedTask, StepStatus } from '../../../../shared/model/getting-started';
import { goRoute } from '../../../../shared/rules/getting-started/progress';
import { LAST_TASK, STEP_LABELS, stepStatus, TASK_STEPS } from '../../../../shared/rules/getting-started/steps';

const STATUS_WORDS: Readonly<Record<StepStatus, string>> = { done: 'Done', skipped: 'Skipped', current: 'Current step', upcoming: 'Upcoming' };
const STATUS_ICONS: Readonly<Record<StepStatus, IconName>> = { done: 'tick-circle', skipped: 'arrow-right', current: 'circle-arrow-right', upcoming: 'circle' };

interface StepListProps {
  state: GettingStartedState;
  lastDevice: number | null;
  busy: boolean;
  onGo: (route: string) => void;
  onSkip: (step: GettingStartedTask) => void;
}

export function StepList({ state, lastDevice, busy, onGo, onSkip }: StepListProps) {
  return (
    <ol className="getting-started-steps" aria-label="Getting started steps">
      {TASK_STEPS.map((step, index) => {
        const status = stepStatus(state, step);
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
                  <Button size="small" variant={status === 'current' ? 'solid' : 'outlined'} intent={status === 'current' ? 'primary' : 'none'} aria-label={`Go: ${labels.title}`} title={labels.go ?? undefined} onClick={() => onGo(route)}>
                    Go
                  </Button>
                )}
                {status === 'current' && step !== LAST_TASK && step !== 'stepOne' && (
                  <Button size="small" variant="minimal" aria-label={`Skip step: ${labels.title}`} disabled={busy} onClick={() => onSkip(step)}>
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
