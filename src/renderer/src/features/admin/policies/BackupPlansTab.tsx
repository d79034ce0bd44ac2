/**
 * The policy editor's Backup tab (ticketing spec §3.5 backupPlans, §4.4): the
 * policy's plans, each with its type, schedule, destination and retention; an
 * inherited one says where it comes from ('Inherited from <policy>'), and an
 * overridden one carries the 'Overridden' tag, the parent's value beside each
 * field it changed and Revert (asked first: the parent's settings back).
 * Enabled is a switch on each plan (on an inherited plan, an override); Edit
 * opens the plan dialog; Delete removes an own plan, and is disabled with the
 * reason on an inherited one. Add plan adds one of the policy's own. Changes
 * are saved with the policy.
 */
import './policies.css';
import { Alert, Button, Callout, Card, Intent, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { BackupPlan } from '../../../../../shared/model/admin';
import { planKey } from '../../../../../shared/rules/admin/backup-policy';
import { changedFields, deletePlan, planDeletion, revertPlan, setPlanEnabled } from '../../../../../shared/rules/admin/policy-inheritance';
import { scheduleSummary } from '../../../../../shared/rules/platform/schedule';
import { ReasonButton } from '../../../components/ReasonButton';
import { PlanDialog } from './PlanDialog';
import { destinationLabel, freePlanName, newPlan, PLAN_FIELD_LABELS, planTypeLabel, settingText } from './policy-form';

interface BackupPlansTabProps {
  plans: readonly BackupPlan[];
  onChange(plans: BackupPlan[]): void;
  /** A policy's name by id ("Inherited from …"). */
  policyName(id: number | null): string;
  /** Each plan's schedule start as loaded (by plan key). */
  loadedStartDates: ReadonlyMap<string, number | null>;
  /** The plans the console could not read (kept as they are on a save). */
  unreadablePlans?: number;
  /** The plans' problems after a failed save, by plan index. */
  problemOf(index: number): string | null;
}

export function BackupPlansTab({ plans, onChange, policyName, loadedStartDates, unreadablePlans, problemOf }: BackupPlansTabProps) {
  const [editing, setEditing] = useState<{ plan: BackupPlan; index: number | null } | null>(null);
  const [reverting, setReverting] = useState<BackupPlan | null>(null);
  const replace = (identifier: string, next: BackupPlan) => onChange(plans.map((p) => (planKey(p.identifier) === planKey(identifier) ? next : p)));

  return (
    <div className="policy-plans">
      <div className="policy-plans-head">
        <span>{plans.length === 0 ? 'No backup plans: devices of this policy are not backed up.' : `${plans.length} ${plans.length === 1 ? 'backup plan' : 'backup plans'}`}</span>
        <Button icon="add" text="Add plan" onClick={() => setEditing({ plan: newPlan(freePlanName(plans), new Date()), index: null })} />
      </div>
      {unreadablePlans ? (
        <Callout intent={Intent.WARNING} icon="warning-sign" compact>
          {unreadablePlans === 1 ? 'One plan' : `${unreadablePlans} plans`} of this policy could not be read: {unreadablePlans === 1 ? 'it is' : 'they are'} kept as {unreadablePlans === 1 ? 'it is' : 'they are'} when the policy is saved.
        </Callout>
      ) : null}
      <ul className="policy-plan-list" aria-label="Backup plans">
        {plans.map((plan, index) => {
          const { inherited, overridden, sourcePolicyId, parentPolicySettings } = plan.inheritance;
          const deletion = planDeletion(plan);
          const problem = problemOf(index);
          return (
            <li key={planKey(plan.identifier)} aria-label={plan.identifier}>
              <Card className="policy-plan" compact>
                <div className="policy-plan-head">
                  <strong className="policy-plan-name">{plan.identifier}</strong>
                  <Tag minimal>{planTypeLabel(plan.type)}</Tag>
                  {inherited && (
                    <span className="policy-plan-inherited" data-testid="plan-inherited-from">
                      Inherited from {policyName(sourcePolicyId)}
                    </span>
                  )}
                  {overridden && (
                    <Tag intent={Intent.WARNING} minimal data-testid="plan-overridden">
                      Overridden
                    </Tag>
                  )}
                  <span className="policy-plan-actions">
                    <Switch className="policy-plan-enabled" checked={plan.enabled} aria-label={`Enabled: ${plan.identifier}`} label="Enabled" inline onChange={(event) => replace(plan.identifier, setPlanEnabled(plan, event.currentTarget.checked))} />
                    <Button small icon="edit" text="Edit" aria-label={`Edit plan ${plan.identifier}`} onClick={() => setEditing({ plan, index })} />
                    {overridden && <Button small icon="undo" text="Revert" aria-label={`Revert plan ${plan.identifier}`} onClick={() => setReverting(plan)} />}
                    <ReasonButton
                      small
                      minimal
                      icon="trash"
                      aria-label={`Delete plan ${plan.identifier}`}
                      reason={deletion.deletable ? null : deletion.reason}
                      onClick={() => onChange(deletePlan(plans, plan.identifier))}
                    />
                  </span>
                </div>
                <p className="policy-plan-summary">
                  {scheduleSummary(plan.schedule)} · {destinationLabel(plan.destination)} · {settingText('retention', plan)}
                  {!plan.enabled && ' · Disabled'}
                </p>
                {overridden && parentPolicySettings && (
                  <ul className="policy-plan-changes" aria-label={`Changed from the parent: ${plan.identifier}`}>
                    {changedFields(plan).map((field) => (
                      <li key={field}>
                        {PLAN_FIELD_LABELS[field]}: {settingText(field, plan)}{' '}
                        <span className="policy-parent-value" data-testid={`parent-value-${field}`}>
                          (Parent: {settingText(field, parentPolicySettings)})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {problem && (
                  <p className="input-problems" role="alert">
                    {problem}
                  </p>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      {editing && (
        <PlanDialog
          plan={editing.plan}
          isNew={editing.index === null || !loadedStartDates.has(planKey(editing.plan.identifier))}
          otherIdentifiers={plans.filter((_, i) => i !== editing.index).map((p) => p.identifier)}
          loadedStartDate={loadedStartDates.get(planKey(editing.plan.identifier)) ?? null}
          sourceName={policyName(editing.plan.inheritance.sourcePolicyId)}
          onApply={(plan) => onChange(editing.index === null ? [...plans, plan] : plans.map((p, i) => (i === editing.index ? plan : p)))}
          onClose={() => setEditing(null)}
        />
      )}
      <Alert
        isOpen={reverting !== null}
        intent={Intent.WARNING}
        icon="undo"
        confirmButtonText="Revert"
        cancelButtonText="Cancel"
        onConfirm={() => {
          if (reverting) replace(reverting.identifier, revertPlan(reverting));
          setReverting(null);
        }}
        onCancel={() => setReverting(null)}
        aria-labelledby="plan-revert-question"
      >
        <p id="plan-revert-question">Revert the plan '{reverting?.identifier}' to the settings of its parent policy? Its own changes are lost when the policy is saved.</p>
      </Alert>
    </div>
  );
}
