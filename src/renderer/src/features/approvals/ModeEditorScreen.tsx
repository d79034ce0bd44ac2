/**
 * The organization editor's node approvals page
 * (/editor/customer/:id/security-node-approvals, help spec §2.2): the
 * organization's approval mode (./ModeSelect.tsx), what it means, and a link
 * to its pending devices.
 */
import './approvals.css';
import { AnchorButton, Button, Callout, Classes, FormGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { ModeSelect } from './ModeSelect';
import { approvalsRoute } from './routes';

export function ModeEditorScreen({ organizationId }: { organizationId: number | null }) {
  const mode = useQuery('approvals.modes', organizationId === null ? null : { organizationId }, (error) => presentError(error, { key: 'approvals-mode-editor' }));
  const organization = mode.data?.items[0];
  return (
    <div className="approvals-editor">
      <h1 className={`${Classes.HEADING} approvals-title`}>Node approvals{organization ? `: ${organization.organizationName}` : ''}</h1>
      {organizationId === null && (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          This address names no organization.
        </Callout>
      )}
      {mode.error && !organization && (
        <Callout intent={Intent.DANGER} icon="error">
          The approval mode could not be loaded: {mode.error.message} <Button size="small" icon="refresh" text="Retry" onClick={mode.reload} />
        </Callout>
      )}
      {organization && (
        <>
          <FormGroup label="Approval mode" helperText="Automatic: new devices of this organization are approved as they arrive. Manual: they wait in Pending for a technician.">
            <ModeSelect organization={organization} />
          </FormGroup>
          <AnchorButton icon="list" text="Pending devices" href={`#${approvalsRoute('pending', organization.organizationId)}`} />
        </>
      )}
    </div>
  );
}
