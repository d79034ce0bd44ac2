/**
 * The ticket ruleset modal (spec/ticketing-automations-psa.md §2.2, §4.2,
 * §5.2, §8.2, §9.2) on the shared VerticalTabsDialog: General, Ticket
 * creation, and for condition rules Condition reset and Condition retrigger.
 * Editing loads the rule, then fills the form; the reset value is clamped
 * when its unit changes; read-only disables every input and the button.
 */
import './ticketing.css';
import { Button, Callout, Checkbox, Classes, HTMLSelect, InputGroup, Intent, Radio, RadioGroup, Spinner, Switch } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { HistoryVersion, RulesetType, TicketChoice, TicketingLists, TicketRuleset, TimeUnit } from '../../../../shared/model/ticketing';
import { TIME_UNITS } from '../../../../shared/model/ticketing';
import {
  changeResetUnit,
  copyOfForm,
  formOfRuleset,
  hasConditionTabs,
  newRulesetForm,
  RESET_TIME_MAX,
  RULESET_DESCRIPTION,
  RULESET_MESSAGES,
  RULESET_NAME_MAX,
  RULESET_TABS,
  rulesetFormSchema,
  rulesetPayload,
  rulesetTitle,
  USE_CURRENT,
  USE_POLICY,
  type RulesetForm,
} from '../../../../shared/rules/ticketing/ruleset';
import { useQuery } from '../../core/data/use-query';
import { presentError, showToast, toastSuccess, useDismissToastsOnClose } from '../../core/toaster';
import { Field } from '../../components/form/Field';
import { errorUnder } from '../../components/form/form-state';
import { useZodForm } from '../../components/form/use-zod-form';
import { VerticalTabsDialog, type DialogTab } from '../../components/form/VerticalTabsDialog';
import { Stepper } from '../../components/inputs/Stepper';
import { formatDate } from '../../components/format';
import { saveRuleset } from './client';
import { HistoryDialog } from './HistoryDialog';
import { TagInput } from '../../components/inputs/TagInput';

export interface RulesetDialogTarget {
  type: RulesetType;
  /** Edit (or copy) this ruleset; none: a new one. */
  id?: number;
  copy?: boolean;
  readOnly?: boolean;
}

const UNIT_LABELS: Record<TimeUnit, string> = { MINUTES: 'Minutes', HOURS: 'Hours', DAYS: 'Days' };

/** A select of the instance's choices; '' is `none` (the policy's or the ticket's value). A value the list lacks shows raw. */
function ChoiceSelect({ id, value, choices, none, onChange, onBlur, intent }: { id: string; value: string | null; choices: readonly TicketChoice[]; none?: string; onChange(value: string | null): void; onBlur?(): void; intent?: Intent }) {
  const known = value === null || value === '' || choices.some((c) => c.value === value);
  return (
    <HTMLSelect
      id={id}
      value={value ?? ''}
      fill
      onBlur={onBlur}
      className={intent === Intent.DANGER ? 'select-invalid' : undefined}
      onChange={(event) => onChange(event.currentTarget.value === '' ? (none ? null : '') : event.currentTarget.value)}
      options={[
        { label: none ?? 'Select...', value: '' },
        ...choices.map((c) => ({ label: c.name, value: c.value })),
        ...(known ? [] : [{ label: `${value} (unknown)`, value: value! }]),
      ]}
    />
  );
}

/** What the dialog says about its own lists: gone with it (a load failure that closes it, and a save's result, stay). */
const OWN_TOASTS = ['ruleset-forms'];

interface RulesetDialogProps {
  target: RulesetDialogTarget;
  lists: TicketingLists;
  onClose(): void;
  onSaved(): void;
}

/** §4.2: editing (or copying) loads the rule, then the form opens filled with it; a new rule opens with the defaults. */
export function RulesetDialog(props: RulesetDialogProps) {
  const { target, onClose } = props;
  const formsFailed = props.lists.formsFailed === true;
  useEffect(() => {
    if (formsFailed) showToast({ intent: Intent.DANGER, icon: 'error', message: RULESET_MESSAGES.formsFailed }, 'ruleset-forms');
  }, [formsFailed]);
  useDismissToastsOnClose(OWN_TOASTS);
  const loaded = useQuery('ticketing.ruleset', target.id !== undefined ? { id: target.id } : null, (error) => {
    presentError(error, { key: 'ruleset' });
    onClose();
  });
  if (target.id === undefined) return <RulesetEditor {...props} initial={newRulesetForm()} />;
  if (!loaded.data) return loaded.error ? null : <Spinner className="ruleset-loading" aria-label="Loading the ticket ruleset" />;
  const values = formOfRuleset(loaded.data);
  return <RulesetEditor {...props} loaded={loaded.data} initial={target.copy ? copyOfForm(values) : values} />;
}

function RulesetEditor({ target, lists, onClose, onSaved, initial, loaded, title }: RulesetDialogProps & { initial: RulesetForm; loaded?: TicketRuleset; title?: string }) {
  const [showHistory, setShowHistory] = useState(false);
  /** An earlier version shown read-only (§6 read-only mode: every input and Save disabled). */
  const [viewing, setViewing] = useState<HistoryVersion | null>(null);
  const { type } = target;
  const editing = target.id !== undefined && !target.copy;
  const schema = useMemo(() => rulesetFormSchema(type), [type]);
  // A version viewed over the editor gets ids of its own (labels point at their own inputs).
  const prefix = title ? 'ruleset-version' : 'ruleset';
  const form = useZodForm(schema, initial, prefix);

  const values = form.values as RulesetForm;
  const set = (path: keyof RulesetForm, value: unknown) => form.set(path, value);
  const statuses = lists.statuses.map((s) => ({ value: s.value, name: s.name }));
  const activeForms = lists.forms.filter((f) => f.active || f.id === values.ticketFormId);
  const condition = hasConditionTabs(type);
  /** Priority and severity, on creation ('Use Policy') and on retrigger ('Use Current'). */
  const choiceField = (label: string, path: keyof RulesetForm, choices: readonly TicketChoice[], none: string) => (
    <Field label={label} binding={form.field(path)}>
      {(b) => <ChoiceSelect id={b.id} value={b.value as string | null} choices={choices} none={none} onChange={b.onChange} />}
    </Field>
  );

  const save = async (parsed: RulesetForm) => {
    try {
      await saveRuleset(rulesetPayload(parsed, type, editing ? target.id : undefined));
    } catch (error) {
      // §8.2's message (the main process words it); the dialog stays open with what was typed.
      presentError(error, { key: 'ruleset-save' });
      throw error;
    }
    toastSuccess(RULESET_MESSAGES.saved, 'ruleset-save');
    onSaved();
  };

  const tabs: DialogTab[] = [
    {
      id: 'general',
      title: RULESET_TABS.general,
      fields: ['enabled', 'name'],
      panel: (
        <>
          <p className={Classes.TEXT_MUTED}>{RULESET_DESCRIPTION}</p>
          <Switch label="Enabled" checked={values.enabled} onChange={(event) => set('enabled', event.currentTarget.checked)} />
          <Field label="Name" binding={form.field('name')} required>
            {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={RULESET_NAME_MAX + 20} intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
          </Field>
        </>
      ),
    },
    {
      id: 'creation',
      title: RULESET_TABS.creation,
      fields: ['ticketFormId', 'status', 'priority', 'severity', 'tags', 'useOwnerAsRequester'],
      panel: (
        <>
          <Field label="Form" binding={form.field('ticketFormId')} required>
            {(b) => (
              <HTMLSelect
                id={b.id}
                fill
                value={b.value === null ? '' : String(b.value)}
                onBlur={b.onBlur}
                onChange={(event) => b.onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
                options={[
                  { label: 'Select...', value: '' },
                  ...activeForms.map((f) => ({ label: f.active ? f.name : `${f.name} (inactive)`, value: String(f.id) })),
                  // A form the instance no longer lists is shown as what it is, not as "Select...".
                  ...(values.ticketFormId !== null && !activeForms.some((f) => f.id === values.ticketFormId) ? [{ label: `Form ${values.ticketFormId} (unknown)`, value: String(values.ticketFormId) }] : []),
                ]}
              />
            )}
          </Field>
          <TagInput id={`${prefix}-tags`} label="Tags" tags={values.tags} onChange={(tags) => set('tags', tags)} error={errorUnder(form.errors, 'tags')} />
          <Field label="Status" binding={form.field('status')} required>
            {(b) => <ChoiceSelect id={b.id} value={String(b.value ?? '')} choices={statuses} onChange={(v) => b.onChange(v ?? '')} onBlur={b.onBlur} intent={b.intent} />}
          </Field>
          {choiceField('Priority', 'priority', lists.priorities, USE_POLICY)}
          {choiceField('Severity', 'severity', lists.severities, USE_POLICY)}
          <Checkbox label="Use the device's user as requester" checked={values.useOwnerAsRequester} onChange={(event) => set('useOwnerAsRequester', event.currentTarget.checked)} />
        </>
      ),
    },
    {
      id: 'reset',
      title: RULESET_TABS.reset,
      hidden: !condition,
      fields: ['resetStatus', 'resetValue', 'resetUnit'],
      panel: (
        <>
          <Field label="Status" binding={form.field('resetStatus')} required>
            {(b) => <ChoiceSelect id={b.id} value={String(b.value ?? '')} choices={statuses} onChange={(v) => b.onChange(v ?? '')} onBlur={b.onBlur} intent={b.intent} />}
          </Field>
          <div className="ruleset-time">
            <Stepper id={`${prefix}-reset-value`} label="Add time entry value" value={values.resetValue} min={0} max={RESET_TIME_MAX[values.resetUnit]} onChange={(value) => set('resetValue', value)} />
            <Field label="Unit" binding={form.field('resetUnit')}>
              {(b) => (
                <HTMLSelect
                  id={b.id}
                  value={values.resetUnit}
                  // §4.2: a value past the new unit's maximum is clamped to it.
                  onChange={(event) => {
                    const next = changeResetUnit(values, event.currentTarget.value as TimeUnit);
                    set('resetUnit', next.resetUnit);
                    set('resetValue', next.resetValue);
                  }}
                  options={TIME_UNITS.map((unit) => ({ label: UNIT_LABELS[unit], value: unit }))}
                />
              )}
            </Field>
          </div>
          {form.errors.resetValue && (
            <Callout intent={Intent.DANGER} compact>
              {form.errors.resetValue}
            </Callout>
          )}
        </>
      ),
    },
    {
      id: 'retrigger',
      title: RULESET_TABS.retrigger,
      hidden: !condition,
      fields: ['createNewTicket', 'retriggerStatus', 'retriggerTags', 'retriggerPriority', 'retriggerSeverity'],
      panel: (
        <>
          <RadioGroup label="Action" selectedValue={values.createNewTicket ? 'create' : 'update'} onChange={(event) => set('createNewTicket', event.currentTarget.value === 'create')}>
            <Radio label="Create new ticket" value="create" />
            <Radio label="Update existing ticket" value="update" />
          </RadioGroup>
          <Field label="Status" binding={form.field('retriggerStatus')} required={!values.createNewTicket}>
            {(b) => <ChoiceSelect id={b.id} value={String(b.value || values.status)} choices={statuses} onChange={(v) => b.onChange(v ?? '')} onBlur={b.onBlur} intent={b.intent} />}
          </Field>
          {/* §4.2: with a new ticket these are sent empty. */}
          <fieldset disabled={values.createNewTicket} className="vertical-tabs-fieldset">
            <TagInput id={`${prefix}-retrigger-tags`} label="Tags" tags={values.retriggerTags} onChange={(tags) => set('retriggerTags', tags)} disabled={values.createNewTicket} error={errorUnder(form.errors, 'retriggerTags')} />
            {choiceField('Priority', 'retriggerPriority', lists.priorities, USE_CURRENT)}
            {choiceField('Severity', 'retriggerSeverity', lists.severities, USE_CURRENT)}
          </fieldset>
        </>
      ),
    },
  ];

  return (
    <>
      <VerticalTabsDialog
        title={title ?? rulesetTitle(type, editing)}
        isOpen
        mode={target.readOnly ? 'read-only' : editing ? 'edit' : 'add'}
        tabs={tabs}
        form={form}
        onSave={save}
        onClose={onClose}
        footerStart={editing && !target.readOnly && <Button icon="history" text="History" disabled={form.dirty} title={form.dirty ? 'Save or undo your changes first' : undefined} onClick={() => setShowHistory(true)} />}
      />
      {showHistory && loaded && (
        <HistoryDialog
          kind="ruleset"
          id={loaded.id}
          current={loaded}
          onClose={() => setShowHistory(false)}
          onRestored={() => {
            onSaved();
            onClose();
          }}
          onView={setViewing}
        />
      )}
      {viewing && (
        <RulesetEditor
          target={{ ...target, readOnly: true }}
          lists={lists}
          initial={formOfRuleset(viewing.data as TicketRuleset)}
          title={`${viewing.name} — version of ${formatDate(new Date(viewing.savedAt).toISOString())}`}
          onClose={() => setViewing(null)}
          onSaved={() => {}}
        />
      )}
    </>
  );
}
