/**
 * One organization's approval mode (ticketing spec §3.5 nodeApprovalType,
 * §4.4 'Approval modes include AUTOMATIC'): a select labelled with the
 * organization, MANUAL and AUTOMATIC, and a mode of the instance's own shown
 * raw and kept until another is chosen. A change asks first, then is saved
 * on the server; while it saves the new value shows, and a failure puts the
 * old one back with the server's message. Without canApproveNodes it is
 * disabled and says why.
 */
import { Alert, HTMLSelect, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { APPROVAL_MODES, type ApprovalMode, type OrganizationApprovalMode } from '../../../../shared/model/approvals';
import { isKnownValue } from '../../../../shared/model/platform/open-values';
import { MODE_LABELS, modeBlock, modeQuestion } from '../../../../shared/rules/approvals/actions';
import { permissionsAtom } from '../../core/session';
import { WithReason } from '../../components/ReasonButton';
import { presentError, toastSuccess } from '../../core/toaster';
import { setApprovalMode } from './client';

export function ModeSelect({ organization }: { organization: OrganizationApprovalMode }) {
  const permissions = useAtomValue(permissionsAtom);
  const reason = modeBlock(permissions);
  const reasonId = useId();
  const [asked, setAsked] = useState<ApprovalMode | null>(null);
  /**
   * The mode chosen, shown over the one the list had (`over`) while it saves and until the list read again
   * after the save holds another: then the server's value shows.
   */
  const [chosen, setChosen] = useState<{ mode: ApprovalMode; over: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = chosen && chosen.over === organization.nodeApprovalType ? chosen.mode : organization.nodeApprovalType;
  const ownMode = !isKnownValue(APPROVAL_MODES, organization.nodeApprovalType);

  const save = async (mode: ApprovalMode) => {
    setChosen({ mode, over: organization.nodeApprovalType });
    setSaving(true);
    try {
      const saved = await setApprovalMode({ organizationId: organization.organizationId, nodeApprovalType: mode });
      toastSuccess(`${saved.organizationName}: ${MODE_LABELS[mode]}`, 'approvals-mode');
    } catch (error) {
      // The old value back, with the server's message.
      setChosen(null);
      presentError(error, { key: 'approvals-mode' });
    } finally {
      setSaving(false);
    }
  };

  const select = (
    <HTMLSelect
      className="approvals-mode-select"
      value={shown}
      disabled={reason !== null || saving}
      aria-label={`Approval mode for ${organization.organizationName}`}
      aria-describedby={reason ? reasonId : undefined}
      onChange={(event) => {
        const mode = event.currentTarget.value;
        if (isKnownValue(APPROVAL_MODES, mode) && mode !== organization.nodeApprovalType) setAsked(mode);
      }}
    >
      {ownMode && <option value={organization.nodeApprovalType}>{organization.nodeApprovalType}</option>}
      {APPROVAL_MODES.map((mode) => (
        <option key={mode} value={mode}>
          {MODE_LABELS[mode]}
        </option>
      ))}
    </HTMLSelect>
  );

  return (
    <>
      {reason ? (
        <WithReason reason={reason} reasonId={reasonId}>
          {select}
        </WithReason>
      ) : (
        select
      )}
      <Alert
        isOpen={asked !== null}
        intent={Intent.PRIMARY}
        icon="shield"
        confirmButtonText="Change mode"
        cancelButtonText="Cancel"
        onConfirm={() => {
          const mode = asked;
          setAsked(null);
          if (mode) void save(mode);
        }}
        onCancel={() => setAsked(null)}
        aria-labelledby={`${reasonId}-question`}
      >
        <p id={`${reasonId}-question`}>{asked ? modeQuestion(organization.organizationName, asked) : ''}</p>
      </Alert>
    </>
  );
}
