/**
 * One backup plan, edited in a dialog over the policy editor (ticketing spec
 * §3.5, §4.4): name (fixed once saved: children match inherited plans by it),
 * enabled, type (a type this console does not know shown raw and kept), the
 * shared ScheduleEditor, what is backed up and what is excluded, destination
 * (with a local path when local or hybrid) and retention. On an inherited plan
 * every edit goes through `editPlan`: it is overridden while a field differs
 * from the parent's, and each such field shows the parent's value beside it
 * ('Parent: Daily at 02:00'). Apply puts the plan in the policy's form (saved
 * with the policy); closing with changes asks first.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup, Switch, Tag } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { BackupPlan, BackupPlanSettings } from '../../../../../shared/model/admin';
import { BACKUP_DESTINATIONS, BACKUP_PLAN_TYPES } from '../../../../../shared/model/admin';
import { isKnownValue } from '../../../../../shared/model/platform/open-values';
import { needsLocalPath, POLICY_LIMITS, POLICY_MESSAGES } from '../../../../../shared/rules/admin/backup-policy';
import { changedFields, editPlan, type PlanSettingField } from '../../../../../shared/rules/admin/policy-inheritance';
import { useConfirmClose } from '../../../components/form/UnsavedChangesAlert';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ScheduleEditor } from '../../../components/inputs/ScheduleEditor';
import { Stepper } from '../../../components/inputs/Stepper';
import { destinationLabel, planFormSchema, planTypeLabel, settingText } from './policy-form';

interface PlanDialogProps {
  plan: BackupPlan;
  /** A plan added in this editing: its name may still change. */
  isNew: boolean;
  /** The names of the policy's other plans (a name is unique in its policy). */
  otherIdentifiers: readonly string[];
  /** The start as loaded from the server (kept without "in the past"); null for a new plan. */
  loadedStartDate: number | null;
  /** The name of the policy an inherited plan comes from. */
  sourceName: string;
  onApply(plan: BackupPlan): void;
  onClose(): void;
}

/** The parent's value beside a field an inherited plan changed: a stable label for assistive technology and tests. */
export function ParentValue({ plan, field }: { plan: BackupPlan; field: PlanSettingField }) {
  const parent = plan.inheritance.parentPolicySettings;
  if (!plan.inheritance.inherited || parent === null || !changedFields(plan).includes(field)) return null;
  return (
    <span className="policy-parent-value" data-testid={`parent-value-${field}`}>
      Parent: {settingText(field, parent)}
    </span>
  );
}

export function PlanDialog({ plan, isNew, otherIdentifiers, loadedStartDate, sourceName, onApply, onClose }: PlanDialogProps) {
  const schema = useMemo(() => planFormSchema({ loadedStartDate, otherIdentifiers }), [loadedStartDate, otherIdentifiers]);
  const form = useZodForm(schema, plan, 'plan');
  const values = form.values as BackupPlan;
  const edit = (changes: Partial<BackupPlanSettings>) => form.update((current) => editPlan(current as BackupPlan, changes));
  const { close, alert } = useConfirmClose(form.dirty, onClose, 'plan-unsaved-title');
  const errorOf = (path: string) => form.errors[path] ?? null;
  const inherited = values.inheritance.inherited;
  const overridden = values.inheritance.overridden;

  const apply = () =>
    void form.submit((parsed) => {
      onApply(parsed);
      onClose();
    });

  return (
    <Dialog isOpen title={isNew ? 'New backup plan' : `Backup plan ${plan.identifier}`} onClose={close} className="policy-plan-dialog" canOutsideClickClose={false}>
      <DialogBody>
        {inherited && (
          <p className="policy-plan-origin">
            <span data-testid="plan-inherited-from">Inherited from {sourceName}</span>
            {overridden && (
              <Tag intent={Intent.WARNING} minimal className="gap-left" data-testid="plan-overridden">
                Overridden
              </Tag>
            )}
          </p>
        )}
        <FormGroup label="Plan name" labelFor="plan-identifier" labelInfo="*" intent={errorOf('identifier') ? Intent.DANGER : Intent.NONE} helperText={errorOf('identifier') ?? (isNew ? undefined : 'Fixed once saved: the policies that inherit the plan know it by its name.')}>
          <InputGroup id="plan-identifier" value={values.identifier} maxLength={POLICY_LIMITS.identifier} disabled={!isNew} onValueChange={(value) => form.set('identifier', value)} onBlur={() => form.touch('identifier')} />
        </FormGroup>
        <div className="policy-plan-field">
          <Switch label="Enabled" checked={values.enabled} onChange={(event) => edit({ enabled: event.currentTarget.checked })} />
          <ParentValue plan={values} field="enabled" />
        </div>
        <FormGroup label="Type" labelFor="plan-type">
          <HTMLSelect
            id="plan-type"
            value={values.type}
            onChange={(event) => edit({ type: event.currentTarget.value })}
            options={[...BACKUP_PLAN_TYPES.map((type) => ({ value: type, label: planTypeLabel(type) })), ...(isKnownValue(BACKUP_PLAN_TYPES, values.type) ? [] : [{ value: values.type, label: values.type }])]}
          />
          <ParentValue plan={values} field="type" />
        </FormGroup>
        <FormGroup label="Schedule">
          <ScheduleEditor idPrefix="plan-schedule" value={values.schedule} onChange={(schedule) => edit({ schedule })} showErrors={form.submitted} loadedStartDate={isNew ? undefined : loadedStartDate} />
          <ParentValue plan={values} field="schedule" />
        </FormGroup>
        <EntryList
          id="plan-include"
          label={values.type === 'IMAGE' ? 'Volumes backed up' : values.type === 'FILE_FOLDER' ? 'Paths and folders backed up' : 'Backed up'}
          placeholder={values.type === 'IMAGE' ? 'A volume, such as C:' : 'A path, such as C:\\Users\\*\\Documents'}
          entries={values.include}
          onChange={(include) => edit({ include })}
          error={errorOf('include')}
          parent={<ParentValue plan={values} field="include" />}
        />
        <EntryList
          id="plan-exclude"
          label="Excluded"
          placeholder={values.type === 'IMAGE' ? 'A volume' : 'A path or a pattern, such as *.tmp'}
          entries={values.exclude}
          onChange={(exclude) => edit({ exclude })}
          error={errorOf('exclude')}
          parent={<ParentValue plan={values} field="exclude" />}
        />
        <RadioGroup label="Destination" selectedValue={values.destination} onChange={(event) => edit({ destination: event.currentTarget.value })} inline>
          {[...BACKUP_DESTINATIONS, ...(isKnownValue(BACKUP_DESTINATIONS, values.destination) ? [] : [values.destination])].map((destination) => (
            <Radio key={destination} value={destination} label={destinationLabel(destination)} />
          ))}
        </RadioGroup>
        <ParentValue plan={values} field="destination" />
        {(needsLocalPath(values.destination) || values.localPath !== '') && (
          <FormGroup label="Local path" labelFor="plan-local-path" labelInfo={needsLocalPath(values.destination) ? '*' : undefined} intent={errorOf('localPath') ? Intent.DANGER : Intent.NONE} helperText={errorOf('localPath') ?? 'A folder or a network share, such as \\\\nas01\\backups'}>
            <InputGroup id="plan-local-path" value={values.localPath} maxLength={POLICY_LIMITS.localPath} onValueChange={(localPath) => edit({ localPath })} onBlur={() => form.touch('localPath')} />
            <ParentValue plan={values} field="localPath" />
          </FormGroup>
        )}
        <div className="policy-plan-retention">
          <Stepper id="plan-versions" label="Versions kept" value={values.retention.versions} min={POLICY_LIMITS.versions.min} max={POLICY_LIMITS.versions.max} onChange={(versions) => edit({ retention: { ...values.retention, versions } })} />
          <Stepper id="plan-days" label="Days kept" value={values.retention.days} min={POLICY_LIMITS.days.min} max={POLICY_LIMITS.days.max} onChange={(days) => edit({ retention: { ...values.retention, days } })} />
        </div>
        <ParentValue plan={values} field="retention" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close}>Cancel</Button>
            <Button intent={Intent.PRIMARY} onClick={apply}>
              Apply
            </Button>
          </>
        }
      />
      {alert}
    </Dialog>
  );
}

/** A list of paths, patterns or volumes: typed and added (Enter or Add), each removable. */
function EntryList({ id, label, placeholder, entries, onChange, error, parent }: { id: string; label: string; placeholder: string; entries: readonly string[]; onChange(entries: string[]): void; error: string | null; parent: ReactNode }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const entry = typed.trim();
    if (entry === '') return setProblem(POLICY_MESSAGES.required);
    if (entries.some((e) => e.toLowerCase() === entry.toLowerCase())) return setProblem(POLICY_MESSAGES.entryTaken);
    if (entries.length >= POLICY_LIMITS.entries) return setProblem(`At most ${POLICY_LIMITS.entries}`);
    onChange([...entries, entry]);
    setTyped('');
    setProblem(null);
  };
  const shown = problem ?? error;
  return (
    <FormGroup label={label} labelFor={id} intent={shown ? Intent.DANGER : Intent.NONE} helperText={shown ?? undefined}>
      <div className="policy-entry-add">
        <InputGroup
          id={id}
          value={typed}
          placeholder={placeholder}
          maxLength={POLICY_LIMITS.entry}
          onValueChange={(value) => {
            setTyped(value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button icon="add" text="Add" aria-label={`Add to ${label.toLowerCase()}`} onClick={add} />
      </div>
      {entries.length > 0 && (
        <ul className="policy-entries" aria-label={label}>
          {/* By place: a server may send the same entry twice, and Remove takes away only the one pressed. */}
          {entries.map((entry, index) => (
            <li key={`${index}:${entry}`} className="policy-entry">
              <code title={entry}>{entry}</code>
              <Button minimal small icon="cross" aria-label={`Remove ${entry}`} onClick={() => onChange(entries.filter((_, i) => i !== index))} />
            </li>
          ))}
        </ul>
      )}
      {parent}
    </FormGroup>
  );
}
