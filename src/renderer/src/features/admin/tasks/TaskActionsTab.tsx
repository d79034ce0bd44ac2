/**
 * The editor's Actions tab (ticketing spec §3.5 scripts.actionList): the
 * actions in the order they run, each in a card with Up, Down and Remove,
 * and Add (Run a script, Defragment, Windows service). Actions of kinds this
 * console cannot edit (the main process keeps them and sends them back on a
 * save) are named in a note.
 */
import { Button, ButtonGroup, Callout, Card, Classes, Intent, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useState } from 'react';
import type { TaskAction } from '../../../../../shared/model/admin';
import { TASK_LIMITS } from '../../../../../shared/rules/admin/scheduled-task';
import { moveAt } from '../../../components/form/form-state';
import { DefragActionEditor, ScriptActionEditor, ServiceActionEditor, type ActionEditorContext } from './ActionEditors';
import { ACTION_LABELS, newAction } from './task-form';

const KINDS: ReadonlyArray<TaskAction['type']> = ['SCRIPT', 'DEFRAG', 'WINDOWS_SERVICE'];

interface TaskActionsTabProps {
  actions: readonly TaskAction[];
  onChange(actions: TaskAction[]): void;
  /** The form's error shown now at a path ('actions', 'actions.0.serviceName'). */
  errorOf(path: string): string | null;
  showErrors: boolean;
  lists: Pick<ActionEditorContext, 'scripts' | 'services'>;
  /** Raw types of actions this console cannot edit, kept on save. */
  otherActionTypes?: readonly string[];
}

export function TaskActionsTab({ actions, onChange: change, errorOf, showErrors, lists, otherActionTypes = [] }: TaskActionsTabProps) {
  // Actions have no id of their own: each card gets a key that follows it when the list is reordered or shortened,
  // so what a card holds (a volume being typed, the touched variables) stays with its action.
  const [keys, setKeys] = useState(() => ({ next: actions.length, list: actions.map((_, i) => i) }));
  let order = keys.list;
  if (order.length !== actions.length) {
    // Changed from outside (the form reset): new keys for all.
    order = actions.map((_, i) => keys.next + i);
    setKeys({ next: keys.next + actions.length, list: order });
  }
  const onChange = (next: TaskAction[], nextOrder: number[]) => {
    setKeys((previous) => ({ next: Math.max(previous.next, ...nextOrder.map((k) => k + 1)), list: nextOrder }));
    change(next);
  };
  const put = (index: number, action: TaskAction) => onChange(actions.map((a, i) => (i === index ? action : a)), order);
  const full = actions.length >= TASK_LIMITS.actions;
  const listError = errorOf('actions');
  return (
    <div className="task-actions">
      {otherActionTypes.length > 0 && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
          {otherActionTypes.length === 1 ? '1 action' : `${otherActionTypes.length} actions`} of a kind this console cannot edit ({[...new Set(otherActionTypes)].join(', ')}): kept as it is when you save.
        </Callout>
      )}
      {actions.length === 0 && <p className={Classes.TEXT_MUTED}>No actions yet: add what the task runs.</p>}
      {listError && (
        <p className="input-problems" role="alert">
          {listError}
        </p>
      )}
      {actions.map((action, index) => {
        const context: ActionEditorContext = { ...lists, idPrefix: `task-action-${index}`, showErrors, errorOf: (path) => errorOf(`actions.${index}.${path}`) };
        const title = `${index + 1}. ${ACTION_LABELS[action.type]}`;
        return (
          <Card key={order[index]} className="task-action" role="group" aria-label={title}>
            <div className="task-action-head">
              <h3 className={`${Classes.HEADING} task-action-title`}>{title}</h3>
              <ButtonGroup minimal>
                <Button icon="arrow-up" aria-label={`Move action ${index + 1} up`} disabled={index === 0} onClick={() => onChange(moveAt(actions, index, -1), moveAt(order, index, -1))} />
                <Button icon="arrow-down" aria-label={`Move action ${index + 1} down`} disabled={index === actions.length - 1} onClick={() => onChange(moveAt(actions, index, 1), moveAt(order, index, 1))} />
                <Button icon="trash" aria-label={`Remove action ${index + 1}`} onClick={() => onChange(actions.filter((_, i) => i !== index), order.filter((_, i) => i !== index))} />
              </ButtonGroup>
            </div>
            {action.type === 'SCRIPT' && <ScriptActionEditor action={action} context={context} onChange={(a) => put(index, a)} />}
            {action.type === 'DEFRAG' && <DefragActionEditor action={action} context={context} onChange={(a) => put(index, a)} />}
            {action.type === 'WINDOWS_SERVICE' && <ServiceActionEditor action={action} context={context} onChange={(a) => put(index, a)} />}
          </Card>
        );
      })}
      <div>
        <Popover
          placement="bottom-start"
          disabled={full}
          content={
            <Menu aria-label="Add action">
              {KINDS.map((kind) => (
                <MenuItem key={kind} text={ACTION_LABELS[kind]} onClick={() => onChange([...actions, newAction(kind)], [...order, keys.next])} />
              ))}
            </Menu>
          }
        >
          <Button icon="add" rightIcon="caret-down" text="Add action" disabled={full} title={full ? `At most ${TASK_LIMITS.actions} actions` : undefined} />
        </Popover>
      </div>
    </div>
  );
}
