/**
 * The policy editor at /editor/policy/:id ('new' for a new policy;
 * /editor/policy/:id/backup opens on the Backup tab, as the backup browser
 * links to it), over the policies list: the shared VerticalTabsDialog with
 * General (name required, description, enabled, the parent policy chosen at
 * creation) and Backup (./BackupPlansTab.tsx); Create or Save with
 * `admin.policies.save`. A policy that no longer exists (§8.4 the state's
 * not-found flag) says so, with a way back to the list, instead of an empty
 * editor. Closing goes back to the list.
 */
import { Button, Classes, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { Policy, PolicyRow } from '../../../../../shared/model/admin';
import { planKey, POLICY_LIMITS, POLICY_MESSAGES } from '../../../../../shared/rules/admin/backup-policy';
import { canBeParent } from '../../../../../shared/rules/admin/policy-inheritance';
import { useQuery } from '../../../core/data/use-query';
import { navigate, SYSTEM_DASHBOARD_ROUTE } from '../../../core/router';
import { presentError, toastSuccess } from '../../../core/toaster';
import { EditorHomeLogo } from '../../../components/EditorHomeLogo';
import { Field } from '../../../components/form/Field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { VerticalTabsDialog, type DialogTab } from '../../../components/form/VerticalTabsDialog';
import { TextArea } from '../../../components/inputs/TextArea';
import { savePolicy } from '../client';
import { BackupPlansTab } from './BackupPlansTab';
import { formOfPolicy, newPolicyForm, payloadOfForm, PLAN_FIELD_LABELS, POLICY_TABS, policyFormSchema, type PolicyForm, type PolicyTab } from './policy-form';
import { POLICIES_ROUTE, PoliciesScreen } from './PoliciesScreen';

const close = () => navigate(POLICIES_ROUTE);

/** The route's id: 'new', or a policy's id (anything else is not a policy). */
function parseId(id: string): number | 'new' | null {
  if (id === 'new') return 'new';
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

export function PolicyEditorScreen({ id, tab }: { id: string; tab: PolicyTab }) {
  const policyId = parseId(id);
  const loaded = useQuery('admin.policies.get', typeof policyId === 'number' ? { id: policyId } : null, (error) => {
    // A policy that is gone is this screen's own state (below), not a toast.
    if (error.code !== 'NOT_FOUND') presentError(error, { key: 'policy-load' });
  });
  const list = useQuery('admin.policies.list', {});
  let message = null;
  if (policyId === null) {
    message = <NonIdealState icon="warning-sign" title={`'${id}' is not a policy.`} action={<Button text="Go to policies" onClick={close} />} />;
  } else if (policyId !== 'new' && !loaded.data) {
    if (loaded.error?.code === 'NOT_FOUND') {
      message = <NonIdealState icon="search" title={POLICY_MESSAGES.gone} description="Another technician may have deleted it." action={<Button intent={Intent.PRIMARY} text="Go to policies" onClick={close} />} />;
    } else if (loaded.error) {
      message = <NonIdealState icon="error" title="The policy could not be loaded" description={loaded.error.message} action={<Button text="Retry" onClick={loaded.reload} />} />;
    } else {
      message = <Spinner className="task-editor-loading" aria-label="Loading the policy" />;
    }
  }
  return (
    <>
      <PoliciesScreen />
      {message ? (
        <Dialog isOpen title="Policy" icon={<EditorHomeLogo onFollow={() => navigate(SYSTEM_DASHBOARD_ROUTE)} />} onClose={close}>
          <DialogBody>{message}</DialogBody>
        </Dialog>
      ) : (
        <PolicyEditor key={loaded.data?.id ?? 'new'} policy={policyId === 'new' ? null : (loaded.data ?? null)} rows={list.data?.items ?? []} initialTab={tab} />
      )}
    </>
  );
}

function PolicyEditor({ policy, rows, initialTab }: { policy: Policy | null; rows: readonly PolicyRow[]; initialTab: PolicyTab }) {
  const [initial] = useState<PolicyForm>(() => (policy ? formOfPolicy(policy) : newPolicyForm()));
  const loadedStartDates = useMemo(() => new Map((policy?.backupPlans ?? []).map((p) => [planKey(p.identifier), p.schedule.startDate])), [policy]);
  const schema = useMemo(() => policyFormSchema({ loadedStartDates }), [loadedStartDates]);
  const form = useZodForm(schema, initial, 'policy');
  const values = form.values as PolicyForm;
  const names = useMemo(() => new Map(rows.map((r) => [r.id, r.name])), [rows]);
  const policyName = (id: number | null) => (id === null ? 'the parent policy' : (names.get(id) ?? `policy #${id}`));
  const parentChoices = rows.filter((row) => canBeParent(rows, policy?.id ?? null, row.id));

  const save = async (parsed: PolicyForm) => {
    try {
      const saved = await savePolicy(payloadOfForm(parsed, policy?.id));
      toastSuccess(`Policy '${saved.name}' saved`, 'policy-save');
    } catch (error) {
      // The dialog stays open with what was typed; the server's reason is shown.
      presentError(error, { key: 'policy-save' });
      throw error;
    }
  };

  const parentName = values.parentPolicyId === null ? null : policyName(values.parentPolicyId);
  const tabs: DialogTab[] = [
    {
      id: 'general',
      title: POLICY_TABS.general,
      fields: ['name', 'description', 'enabled', 'parentPolicyId'],
      panel: (
        <>
          <Field label="Name" binding={form.field('name')} required>
            {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={POLICY_LIMITS.name} intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
          </Field>
          <TextArea id="policy-description" label="Description" value={values.description} maxLength={POLICY_LIMITS.description} onChange={(v) => form.set('description', v)} error={form.errors.description} />
          <Switch label="Enabled" checked={values.enabled} onChange={(event) => form.set('enabled', event.currentTarget.checked)} />
          {policy ? (
            <FormGroup label="Parent policy" labelFor="policy-parent" helperText="The parent policy is chosen when a policy is created.">
              <InputGroup id="policy-parent" readOnly value={parentName ?? 'None (a root policy)'} />
            </FormGroup>
          ) : (
            <FormGroup label="Parent policy" labelFor="policy-parent" helperText={values.parentPolicyId === null ? 'A root policy inherits nothing.' : `The backup plans of '${parentName}' are inherited when the policy is created.`}>
              <HTMLSelect
                id="policy-parent"
                value={values.parentPolicyId === null ? '' : String(values.parentPolicyId)}
                onChange={(event) => form.set('parentPolicyId', event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
                options={[{ value: '', label: 'None (a root policy)' }, ...parentChoices.map((row) => ({ value: String(row.id), label: row.name }))]}
              />
            </FormGroup>
          )}
        </>
      ),
    },
    {
      id: 'backup',
      title: POLICY_TABS.backup,
      fields: ['backupPlans'],
      panel: (
        <>
          {!policy && values.parentPolicyId !== null && <p className={Classes.TEXT_MUTED}>The plans inherited from '{parentName}' appear here once the policy is created.</p>}
          <BackupPlansTab
            plans={values.backupPlans}
            onChange={(plans) => form.set('backupPlans', plans)}
            policyName={policyName}
            loadedStartDates={loadedStartDates}
            unreadablePlans={policy?.unreadablePlans}
            problemOf={(index) => (form.submitted ? planProblem(form.allErrors, index) : null)}
          />
        </>
      ),
    },
  ];

  return (
    <VerticalTabsDialog
      title={policy ? 'Edit policy' : 'New policy'}
      isOpen
      size="wide"
      mode={policy ? 'edit' : 'add'}
      tabs={tabs}
      form={form}
      onSave={save}
      onClose={close}
      initialTab={initialTab}
      // An editor page (/editor/policy/…): the system dashboard logo in its header (§2.1).
      editorPage
    />
  );
}

/** A plan's first problem, its field named ('Local path: …'), for its card after a failed save. */
function planProblem(errors: Record<string, string>, index: number): string | null {
  const prefix = `backupPlans.${index}.`;
  const entry = Object.entries(errors).find(([path]) => path.startsWith(prefix));
  if (!entry) return null;
  const field = entry[0].slice(prefix.length).split('.')[0] ?? '';
  const label = field === 'identifier' ? 'Plan name' : (PLAN_FIELD_LABELS[field as keyof typeof PLAN_FIELD_LABELS] ?? field);
  return `${label}: ${entry[1]} (Edit the plan to fix it.)`;
}
