/**
 * The editor's Targets tab (ticketing spec §3.5 targets): the devices,
 * groups and organizations the task runs on, each with its kind and a
 * Remove, and Add targets (the add-targets modal). A target of a kind the
 * spec does not list is shown with its raw kind.
 */
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { TaskTarget } from '../../../../../shared/model/admin';
import { labelOrRaw } from '../../../../../shared/model/platform/open-values';
import { AddTargetsDialog } from './AddTargetsDialog';
import { TARGET_TYPE_LABELS, targetKey, withTargets } from './task-form';

export function TaskTargetsTab({ targets, onChange, error }: { targets: readonly TaskTarget[]; onChange(targets: TaskTarget[]): void; error: string | null }) {
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <div className="task-targets-head">
        <span>{targets.length === 0 ? 'No targets yet: the task runs nowhere until you add some.' : `${targets.length} ${targets.length === 1 ? 'target' : 'targets'}`}</span>
        <Button icon="add" text="Add targets" onClick={() => setAdding(true)} />
      </div>
      {error && (
        <p className="input-problems" role="alert">
          {error}
        </p>
      )}
      {targets.length > 0 && (
        <ul className="task-targets" aria-label="Targets">
          {targets.map((target) => {
            const kind = labelOrRaw(TARGET_TYPE_LABELS, target.targetType);
            const name = target.name || `#${target.targetId}`;
            return (
              <li key={targetKey(target)} className="task-target">
                <Tag minimal>{kind}</Tag>
                <span className="task-target-name" title={name}>
                  {name}
                </span>
                <Button minimal small icon="cross" aria-label={`Remove ${kind.toLowerCase()} ${name}`} onClick={() => onChange(targets.filter((t) => targetKey(t) !== targetKey(target)))} />
              </li>
            );
          })}
        </ul>
      )}
      {adding && <AddTargetsDialog current={targets} onAdd={(added) => onChange(withTargets(targets, added))} onClose={() => setAdding(false)} />}
    </div>
  );
}
