/**
 * One action of a scheduled task, by its kind (ticketing spec §3.5
 * scripts.actionList; help spec §3, §5, §8):
 * - Run a script: the script selector, how it runs, its parameters, then its
 *   script variable inputs (the shared block);
 * - Defragment: volumes typed in ('d' becomes 'D:'), each included or
 *   excluded (§3 Defrag option checkList);
 * - Windows service: the service picker over GET /webapp/winservice searched
 *   by display name and service name, required (§5), 'Windows Services could
 *   not load' in the form when that call fails (§8), and Start/Stop/Restart.
 */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { DefragOption, Script, TaskAction, WindowsService } from '../../../../../shared/model/admin';
import { DEFRAG_CHECKLISTS, SERVICE_OPERATIONS } from '../../../../../shared/model/admin';
import { labelOrRaw } from '../../../../../shared/model/platform/open-values';
import { initialVariableValues } from '../../../../../shared/rules/admin/script-variables';
import { TASK_LIMITS, TASK_MESSAGES } from '../../../../../shared/rules/admin/scheduled-task';
import { ScriptVariableInputs } from '../../../components/inputs/ScriptVariableInputs';
import { addVolume, OPERATION_LABELS, RUN_AS_CHOICES } from './task-form';
import { TaskSuggest } from './TaskSuggest';

/** What an action's editor needs besides the action: its errors (by path under the action) and the lists it picks from. */
export interface ActionEditorContext {
  idPrefix: string;
  /** The form's errors shown now, by path under this action ('serviceName', 'variables.ip'). */
  errorOf(path: string): string | null;
  showErrors: boolean;
  scripts: { items: readonly Script[]; loading: boolean; failed: string | null };
  services: { items: readonly WindowsService[]; loading: boolean; failed: boolean };
}

type Of<K extends TaskAction['type']> = Extract<TaskAction, { type: K }>;

export function ScriptActionEditor({ action, onChange, context }: { action: Of<'SCRIPT'>; onChange(action: Of<'SCRIPT'>): void; context: ActionEditorContext }) {
  const { scripts } = context;
  const script = scripts.items.find((s) => s.id === action.scriptId) ?? null;
  // A saved script the list does not hold (removed, or the list failed) stays chosen by its saved name.
  const shown: Script | null = script ?? (action.scriptId > 0 ? { id: action.scriptId, uid: '', name: action.scriptName || `#${action.scriptId}`, description: '', language: '', operatingSystems: [], deviceType: '', variables: [] } : null);
  const scriptError = context.errorOf('scriptId');
  const runAsChoices = RUN_AS_CHOICES.some((c) => c.value === action.runAs) ? RUN_AS_CHOICES : [{ value: action.runAs, label: action.runAs }, ...RUN_AS_CHOICES];
  const id = (name: string) => `${context.idPrefix}-${name}`;
  return (
    <>
      {scripts.failed && (
        <Callout intent={Intent.DANGER} icon="error" compact className="gap">
          The scripts could not be loaded: {scripts.failed}
        </Callout>
      )}
      <div className="task-action-fields">
        <FormGroup className="task-action-wide" label="Script" labelFor={id('script')} labelInfo="*" intent={scriptError ? Intent.DANGER : Intent.NONE} helperText={scriptError ?? script?.description ?? undefined}>
          <TaskSuggest<Script>
            id={id('script')}
            items={scripts.items}
            selected={shown}
            itemKey={(s) => String(s.id)}
            itemLabel={(s) => s.name}
            itemDetail={(s) => s.language}
            searchText={(s) => `${s.name} ${s.description}`}
            noun="scripts"
            placeholder="Search scripts..."
            loading={scripts.loading}
            intent={scriptError ? Intent.DANGER : Intent.NONE}
            onSelect={(chosen) =>
              onChange({
                ...action,
                scriptId: chosen.id,
                scriptName: chosen.name,
                // The same script keeps what was typed; another starts from its defaults.
                variables: initialVariableValues(chosen.variables, chosen.id === action.scriptId ? action.variables : {}),
              })
            }
          />
        </FormGroup>
        <FormGroup label="Run as" labelFor={id('run-as')}>
          <HTMLSelect id={id('run-as')} value={action.runAs} options={runAsChoices} onChange={(e) => onChange({ ...action, runAs: e.currentTarget.value })} />
        </FormGroup>
      </div>
      <FormGroup label="Parameters" labelFor={id('parameters')} helperText={context.errorOf('scriptParam') ?? undefined} intent={context.errorOf('scriptParam') ? Intent.DANGER : Intent.NONE}>
        <InputGroup id={id('parameters')} value={action.scriptParam} maxLength={TASK_LIMITS.variableValue} onValueChange={(scriptParam) => onChange({ ...action, scriptParam })} />
      </FormGroup>
      {script ? (
        <ScriptVariableInputs idPrefix={id('vars')} variables={script.variables} values={action.variables} showErrors={context.showErrors} onChange={(variables) => onChange({ ...action, variables })} />
      ) : (
        shown && <p className="script-variables-none">The script is not in the list: its saved variables are kept as they are.</p>
      )}
    </>
  );
}

export function DefragActionEditor({ action, onChange, context }: { action: Of<'DEFRAG'>; onChange(action: Of<'DEFRAG'>): void; context: ActionEditorContext }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = (name: string) => `${context.idPrefix}-${name}`;
  const listError = context.errorOf('volumes');
  const add = () => {
    const result = addVolume(action.volumes, typed);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(null);
    setTyped('');
    onChange({ ...action, volumes: result.volumes });
  };
  const put = (index: number, volume: DefragOption | null) =>
    onChange({ ...action, volumes: volume === null ? action.volumes.filter((_, i) => i !== index) : action.volumes.map((v, i) => (i === index ? volume : v)) });
  return (
    <>
      <ul className="task-volumes" aria-label="Volumes">
        {action.volumes.map((volume, index) => (
          <li key={volume.volumeName} className="task-volume">
            <span className="task-volume-name">{volume.volumeName}</span>
            <RadioGroup inline name={id(`volume-${index}`)} selectedValue={volume.checkList} onChange={(e) => put(index, { ...volume, checkList: e.currentTarget.value })} aria-label={`${volume.volumeName}: include or exclude`}>
              {DEFRAG_CHECKLISTS.map((c) => (
                <Radio key={c} value={c} label={c === 'INCLUDE' ? 'Include' : 'Exclude'} />
              ))}
              {/* A value the spec does not list is shown raw, chosen, until changed. */}
              {!(DEFRAG_CHECKLISTS as readonly string[]).includes(volume.checkList) && <Radio value={volume.checkList} label={volume.checkList} />}
            </RadioGroup>
            <Button minimal small icon="cross" aria-label={`Remove volume ${volume.volumeName}`} onClick={() => put(index, null)} />
          </li>
        ))}
      </ul>
      {listError && !problem && (
        <p className="input-problems" role="alert">
          {listError}
        </p>
      )}
      <FormGroup className="task-volume-add" label="Add a volume" labelFor={id('volume')} helperText={problem ?? 'A drive letter (C:, D:) or a mount path'} intent={problem ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id={id('volume')}
          value={typed}
          placeholder="D:"
          intent={problem ? Intent.DANGER : Intent.NONE}
          onValueChange={setTyped}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          rightElement={<Button minimal icon="add" text="Add" onClick={add} />}
        />
      </FormGroup>
    </>
  );
}

export function ServiceActionEditor({ action, onChange, context }: { action: Of<'WINDOWS_SERVICE'>; onChange(action: Of<'WINDOWS_SERVICE'>): void; context: ActionEditorContext }) {
  const { services } = context;
  const id = (name: string) => `${context.idPrefix}-${name}`;
  // §8: the call failed or its resultCode was not SUCCESS: said in the form, where the picker is.
  const error = services.failed ? TASK_MESSAGES.windowsServicesFailed : context.errorOf('serviceName');
  const chosen = services.items.find((s) => s.serviceName === action.serviceName) ?? (action.serviceName ? { serviceName: action.serviceName, displayName: action.displayName || action.serviceName } : null);
  return (
    <div className="task-action-fields">
      <FormGroup className="task-action-wide" label="Windows service" labelFor={id('service')} labelInfo="*" intent={error ? Intent.DANGER : Intent.NONE} helperText={<span id={id('service-help')}>{error ?? undefined}</span>}>
        <TaskSuggest<WindowsService>
          id={id('service')}
          items={services.items}
          selected={chosen}
          itemKey={(s) => s.serviceName}
          itemLabel={(s) => s.displayName || s.serviceName}
          itemDetail={(s) => s.serviceName}
          searchText={(s) => `${s.displayName} ${s.serviceName}`}
          noun="Windows services"
          placeholder="Search by display name or service name..."
          loading={services.loading}
          intent={error ? Intent.DANGER : Intent.NONE}
          describedBy={error ? id('service-help') : undefined}
          onSelect={(s) => onChange({ ...action, serviceName: s.serviceName, displayName: s.displayName })}
        />
      </FormGroup>
      <FormGroup label="Operation" labelFor={id('operation')}>
        <HTMLSelect
          id={id('operation')}
          value={action.operation}
          options={[...((SERVICE_OPERATIONS as readonly string[]).includes(action.operation) ? [] : [action.operation]), ...SERVICE_OPERATIONS].map((op) => ({ value: op, label: labelOrRaw(OPERATION_LABELS, op) }))}
          onChange={(e) => onChange({ ...action, operation: e.currentTarget.value })}
        />
      </FormGroup>
    </div>
  );
}
