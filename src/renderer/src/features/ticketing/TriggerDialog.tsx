/**
 * The automation and board editor (spec/ticketing-automations-psa.md §2.1,
 * §4.1, §5.1, §6, §8.1) on the shared VerticalTabsDialog: the four titles,
 * General / Conditions / Actions / Columns and sorting by type, Create or
 * Save, copy mode (' (Copy)', saved as new), a system board's General tab
 * disabled unless copying and its conditions hidden, the unsaved-changes
 * confirmation and the error tabs highlighted for 5 s (the dialog's own).
 * Editing loads the trigger ('Failed' when it cannot), then fills the form.
 */
import './editors.css';
import { Alert, Button, Callout, Classes, InputGroup, Intent, Spinner, Switch } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TicketingLists, Trigger, TriggerAttachment, TriggerType } from '../../../../shared/model/ticketing';
import { BACK_TEST_SIZE } from '../../../../shared/rules/ticketing/back-test';
import type { AttributeDef, ReferenceState } from '../../../../shared/rules/ticketing/conditions';
import { anyDeleted, hasReferences, referenceStateOf, triggerReferences } from '../../../../shared/rules/ticketing/references';
import { conflictWarnings, loopWarning } from '../../../../shared/rules/ticketing/save-checks';
import {
  agreementColumnAllowed,
  copyOfTriggerForm,
  formOfTrigger,
  generalDisabled,
  newTriggerForm,
  TRIGGER_DESCRIPTION_MAX,
  TRIGGER_MESSAGES,
  TRIGGER_NAME_MAX,
  TRIGGER_TABS,
  triggerFormSchema,
  triggerPayload,
  triggerTabs,
  triggerTitle,
  withoutTag,
  type TriggerForm,
} from '../../../../shared/rules/ticketing/trigger';
import { errorMessage } from '../../core/api';
import { userAtom } from '../../core/session';
import { useQuery } from '../../core/data/use-query';
import { presentError, showToast, toastSuccess, useDismissToastsOnClose } from '../../core/toaster';
import { Field } from '../../components/form/Field';
import { errorUnder } from '../../components/form/form-state';
import { useZodForm } from '../../components/form/use-zod-form';
import { VerticalTabsDialog, type DialogTab } from '../../components/form/VerticalTabsDialog';
import { TextArea } from '../../components/inputs/TextArea';
import { ActionsEditor } from './ActionsEditor';
import { checkDeletedReferences, readTickets, readTriggers, saveTrigger } from './client';
import { BoardColumnsEditor } from './BoardColumnsEditor';
import { ConditionsEditor } from './ConditionsEditor';
import { HistoryDialog } from './HistoryDialog';
import { InstanceTagsProvider } from './instance-tags';
import { RuleTester } from './RuleTester';
import { TriggerAttachments } from './TriggerAttachments';
import { AddTriggerFiles, useTriggerFiles } from './trigger-files';
import { TRIGGER_MAX_NEW_FILES } from '../../../../shared/rules/ticketing/uploads';

const NO_ATTACHMENTS: readonly TriggerAttachment[] = [];

export interface TriggerDialogTarget {
  type: TriggerType;
  /** Edit (or copy) this trigger; none: a new one. */
  id?: number;
  copy?: boolean;
}

/** What the dialog says about its own lists: gone with it (a load failure that closes it, and a save's result, stay). */
const OWN_TOASTS = ['trigger-forms', 'trigger-attributes', 'trigger-channels'];

interface TriggerDialogProps {
  target: TriggerDialogTarget;
  lists: TicketingLists;
  onClose(): void;
  onSaved(): void;
}

/** §4.1: edit and copy load the record first; a new one opens with the defaults. */
export function TriggerDialog(props: TriggerDialogProps) {
  const { target, onClose } = props;
  const loaded = useQuery('ticketing.trigger', target.id !== undefined ? { id: target.id } : null, (error) => {
    presentError(error, { key: 'trigger' });
    onClose();
  });
  // §8.1: the lists the editor picks from; a failure says which and the editor still opens.
  const attributes = useQuery('ticketing.attributes', {}, (error) => presentError(error, { key: 'trigger-attributes' }));
  const channels = useQuery('ticketing.channels', target.type === 'RESPONSE_TEMPLATE' || target.type === 'BOARD' ? null : {}, (error) => presentError(error, { key: 'trigger-channels' }));
  const extras = { attributes: attributes.data ?? [], channels: channels.data ?? [] };
  const formsFailed = props.lists.formsFailed === true;
  useEffect(() => {
    if (formsFailed) showToast({ intent: Intent.DANGER, icon: 'error', message: TRIGGER_MESSAGES.formsFailed }, 'trigger-forms');
  }, [formsFailed]);
  useDismissToastsOnClose(OWN_TOASTS);
  if (target.id === undefined) return <TriggerEditor {...props} {...extras} trigger={null} initial={newTriggerForm(target.type)} />;
  if (!loaded.data) return loaded.error ? null : <Spinner className="trigger-loading" aria-label="Loading" />;
  const values = formOfTrigger(loaded.data);
  return <TriggerEditor {...props} {...extras} trigger={loaded.data} initial={target.copy ? copyOfTriggerForm(values) : values} />;
}

interface EditorProps extends TriggerDialogProps {
  trigger: Trigger | null;
  initial: TriggerForm;
  attributes: readonly AttributeDef[];
  channels: ReadonlyArray<{ id: number; name: string; type: string }>;
}

function TriggerEditor({ target, lists, onClose, onSaved, trigger, initial, attributes, channels }: EditorProps) {
  const { type } = target;
  const copying = target.copy === true;
  const editing = target.id !== undefined && !copying;
  const system = trigger?.system === true;
  // A copy of a system board is the technician's own: its conditions show and are checked.
  const systemView = system && !copying;
  // §5.1: the instance's inactive forms, and the users, organizations and locations the lookups said at the last save are deleted (the pickers' rows say what was deleted when picked).
  const [deletedNow, setDeletedNow] = useState<ReferenceState>({});
  const references = useMemo(() => ({ ...deletedNow, inactiveForms: new Set(lists.forms.filter((f) => !f.active).map((f) => f.id)) }), [lists.forms, deletedNow]);
  const files = useTriggerFiles(trigger?.attachments ?? NO_ATTACHMENTS);
  const filesSink = useMemo(() => ({ add: files.add, remaining: TRIGGER_MAX_NEW_FILES - files.added.length }), [files.add, files.added.length]);
  // §5.1: an email's body is text or uploads.
  const hasFiles = files.kept.length + files.added.length > 0;
  const schema = useMemo(() => triggerFormSchema(type, { statuses: lists.statuses, attributes, system: systemView, references, hasFiles }), [type, lists.statuses, attributes, systemView, references, hasFiles]);
  const form = useZodForm(schema, initial, 'trigger');
  const values = form.values as TriggerForm;
  const generalOff = trigger !== null && generalDisabled(trigger, copying);
  const shown = triggerTabs(type, systemView);
  const [testing, setTesting] = useState(false);
  const user = useAtomValue(userAtom);
  const [showHistory, setShowHistory] = useState(false);

  /** Warnings before a save, answered with Save anyway or Keep editing. */
  const [pending, setPending] = useState<{ warnings: string[]; answer(save: boolean): void } | null>(null);
  const ask = (warnings: string[]) => new Promise<boolean>((resolve) => setPending({ warnings, answer: resolve }));

  const checksBeforeSave = async (parsed: TriggerForm): Promise<string[]> => {
    if (type !== 'EVENT_BASED' && type !== 'TIME_BASED') return [];
    const warnings: string[] = [];
    const loop = loopWarning({ type, conditions: parsed.conditions, actions: parsed.actions });
    if (loop) warnings.push(loop);
    try {
      const [others, recent] = await Promise.all([readTriggers({ types: [type] }), readTickets({ page: 0, size: BACK_TEST_SIZE })]);
      const draft = { ...(editing ? { id: target.id } : {}), type, conditions: parsed.conditions, actions: parsed.actions };
      warnings.push(...conflictWarnings(draft, others.items, recent.results, Date.now()).map((w) => w.message));
    } catch (error) {
      warnings.push(`The check for conflicting automations could not run: ${errorMessage(error)}`);
    }
    return warnings;
  };

  /**
   * §5.1 at save: the users, organizations and locations named, read again
   * from the current lookups (one deleted since it was picked is found here).
   * Found: the rows say so and nothing is saved. The check failing (offline)
   * leaves the save to go ahead: the instance checks too (§8.1).
   */
  const deletedReferencesFound = async (parsed: TriggerForm): Promise<boolean> => {
    const named = triggerReferences(parsed, type, { statuses: lists.statuses, attributes });
    if (!hasReferences(named)) return false;
    try {
      const deleted = await checkDeletedReferences(named);
      setDeletedNow(referenceStateOf(deleted));
      if (!anyDeleted(deleted)) return false;
      presentError(TRIGGER_MESSAGES.deletedReferences, { key: 'trigger-save' });
      return true;
    } catch (error) {
      console.warn(`The check for deleted users, organizations and locations could not run: ${errorMessage(error)}`);
      return false;
    }
  };

  const save = async (parsed: TriggerForm) => {
    // A system board's conditions are hidden (§4.1) and its own: not checked.
    if (!systemView && (await deletedReferencesFound(parsed))) throw new Error('Deleted references');
    const warnings = await checksBeforeSave(parsed);
    // Kept editing: the dialog stays open with what was typed (nothing to present).
    if (warnings.length > 0 && !(await ask(warnings))) throw new Error('Kept editing');
    try {
      await saveTrigger(triggerPayload(parsed, type, editing ? target.id : undefined, files.uploads()));
      files.saved();
    } catch (error) {
      if (errorMessage(error) === TRIGGER_MESSAGES.savedUnreadable) {
        // Stored, its answer unreadable: not saved again; the list is read again.
        files.saved();
        presentError(error, { key: 'trigger-save' });
        onSaved();
        return;
      }
      // §8.1's message for the resultCode (the main process words it); the dialog stays open with what was typed.
      presentError(error, { key: 'trigger-save' });
      throw error;
    }
    toastSuccess(TRIGGER_MESSAGES.saved, 'trigger-save');
    onSaved();
  };

  // A copy with no conditions (a system board's: its own are hidden) says before Create what it needs (§5.1).
  const needsCondition = copying && type === 'BOARD' && values.conditions.all.length + values.conditions.any.length === 0;
  const { update } = form;
  const dropRefusedTag = useCallback((name: string) => update((current) => withoutTag(current as TriggerForm, name)), [update]);

  const tabs: DialogTab[] = [
    {
      id: 'general',
      title: TRIGGER_TABS.general,
      fields: ['enabled', 'name', 'description'],
      panel: (
        <fieldset disabled={generalOff} className="vertical-tabs-fieldset">
          {needsCondition && <CopyNeedsCondition />}
          {generalOff && <p className={Classes.TEXT_MUTED}>This is a system board: copy it to change its name or description.</p>}
          <Switch label="Enabled" checked={values.enabled} disabled={generalOff} onChange={(event) => form.set('enabled', event.currentTarget.checked)} />
          <Field label="Name" binding={form.field('name')} required>
            {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={TRIGGER_NAME_MAX + 20} intent={b.intent} disabled={generalOff} onValueChange={b.onChange} onBlur={b.onBlur} />}
          </Field>
          <TextArea id="trigger-description" label="Description" value={values.description} maxLength={TRIGGER_DESCRIPTION_MAX} disabled={generalOff} onChange={(v) => form.set('description', v)} error={form.errors.description} />
        </fieldset>
      ),
    },
    {
      id: 'conditions',
      title: TRIGGER_TABS.conditions,
      hidden: !shown.includes('conditions'),
      fields: ['conditions'],
      panel: (
        <>
          {needsCondition && <CopyNeedsCondition />}
          <div className="conditions-tools">
            <Button icon="lab-test" text="Test against a ticket" onClick={() => setTesting(true)} />
          </div>
          <ConditionsEditor type={type} conditions={values.conditions} lists={lists} attributes={attributes} errors={form.errors} onChange={(c) => form.set('conditions', c)} />
        </>
      ),
    },
    {
      id: 'actions',
      title: TRIGGER_TABS.actions,
      hidden: !shown.includes('actions'),
      fields: ['actions'],
      panel: (
        <>
          <AddTriggerFiles.Provider value={filesSink}>
            <ActionsEditor type={type} actions={values.actions} lists={lists} channels={channels} errors={form.errors} onChange={(a) => form.set('actions', a)} />
          </AddTriggerFiles.Provider>
          <TriggerAttachments files={files} triggerId={trigger?.id} />
        </>
      ),
    },
    {
      id: 'columns',
      title: TRIGGER_TABS.columns,
      hidden: !shown.includes('columns'),
      fields: ['columns', 'sortBy'],
      panel: (
        <BoardColumnsEditor
          columns={values.columns}
          sortBy={values.sortBy}
          attributes={attributes}
          psaAgreements={agreementColumnAllowed(user)}
          error={errorUnder(form.errors, 'columns')}
          onColumns={(c) => form.set('columns', c)}
          onSort={(s) => form.set('sortBy', s)}
        />
      ),
    },
  ];

  return (
    <InstanceTagsProvider onRefused={dropRefusedTag}>
      <VerticalTabsDialog
        title={triggerTitle(type, editing)}
        isOpen
        size="wide"
        mode={editing ? 'edit' : 'add'}
        tabs={tabs}
        form={form}
        onSave={save}
        onClose={onClose}
        changedOutside={files.changed}
        // A restore replaces what is open: not while there are unsaved changes (they would go without asking).
        footerStart={
          editing && <Button icon="history" text="History" disabled={form.dirty || files.changed} title={form.dirty || files.changed ? 'Save or undo your changes first' : undefined} onClick={() => setShowHistory(true)} />
        }
      />
      {showHistory && trigger && (
        <HistoryDialog
          kind="trigger"
          id={trigger.id}
          current={trigger}
          onClose={() => setShowHistory(false)}
          onRestored={() => {
            onSaved();
            onClose();
          }}
        />
      )}
      <Alert
        isOpen={pending !== null}
        intent={Intent.WARNING}
        icon="warning-sign"
        confirmButtonText="Save anyway"
        cancelButtonText="Keep editing"
        onConfirm={() => {
          pending?.answer(true);
          setPending(null);
        }}
        onCancel={() => {
          pending?.answer(false);
          setPending(null);
        }}
        aria-labelledby="save-warnings-title"
      >
        <h2 id="save-warnings-title" className={Classes.HEADING}>
          Before you save
        </h2>
        <ul className="save-warnings">
          {pending?.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </Alert>
      {testing && <RuleTester type={type} conditions={values.conditions} actions={values.actions} lists={lists} attributes={attributes} onClose={() => setTesting(false)} />}
    </InstanceTagsProvider>
  );
}

function CopyNeedsCondition() {
  return (
    <Callout intent={Intent.PRIMARY} icon="info-sign" className="copy-needs-condition">
      {TRIGGER_MESSAGES.copyNeedsCondition}
    </Callout>
  );
}
