/**
 * The backup get-started page (spec §2.3) with its features and Request
 * Demo, and the demo request dialog (§3, §4, §5, §8): name and email, then a
 * sent confirmation — shown even when the call fails (reported silently).
 *
 * Where: `#/deviceDashboard/:id/backup/getStarted` for a device without
 * backup (linked from the device list's Backup column) and
 * `#/systemDashboard/backup/getStarted` (the help panel's resources). Both are
 * the page `getStarted` of the RMM's `backup/:page` routes, so the help panel
 * suggests the backup articles there.
 */
import './BackupGetStarted.css';
import { Button, Callout, Card, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Icon, InputGroup, Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { BACKUP_GET_STARTED_FEATURES, HELP_CONSOLE_MESSAGES, validateDemoRequest } from '../../../../shared/rules/help';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { userAtom } from '../../core/session';
import { StateMessage } from '../../components/StateMessage';
import { requestDemo } from './client';

export const BACKUP_GET_STARTED_ROUTE = '/systemDashboard/backup/getStarted';

export function deviceGetStartedRoute(nodeId: number): string {
  return `/deviceDashboard/${nodeId}/backup/getStarted`;
}

function DemoRequestDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const user = useAtomValue(userAtom);
  const [userName, setUserName] = useState(user?.name ?? '');
  const [userEmail, setUserEmail] = useState(user?.email ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const errors = validateDemoRequest({ userName, userEmail });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (errors.userName || errors.userEmail) return;
    setBusy(true);
    try {
      // A failure is reported silently: the confirmation shows either way (§4, §8).
      const result = await requestDemo({ userName: userName.trim(), userEmail: userEmail.trim() });
      if (!result.delivered) console.warn('Demo request: the call failed (the confirmation is shown anyway).');
    } catch {
      console.warn('Demo request: the call failed (the confirmation is shown anyway).');
    } finally {
      setBusy(false);
      setSent(true);
    }
  };

  const close = () => {
    onClose();
    setSent(false);
    setShowErrors(false);
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Request Demo" icon="calendar">
      {sent ? (
        <>
          <DialogBody>
            <StateMessage level={3} icon="tick-circle" title={HELP_CONSOLE_MESSAGES.demoSentTitle} description={HELP_CONSOLE_MESSAGES.demoSentBody} data-testid="demo-request-sent" />
          </DialogBody>
          <DialogFooter actions={<Button intent={Intent.PRIMARY} text="Done" onClick={close} />} />
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <FormGroup
              label="Name"
              labelFor="demo-request-name"
              labelInfo="*"
              intent={showErrors && errors.userName ? Intent.DANGER : Intent.NONE}
              helperText={showErrors ? errors.userName : undefined}
            >
              <InputGroup id="demo-request-name" value={userName} onValueChange={setUserName} maxLength={200} autoFocus />
            </FormGroup>
            <FormGroup
              label="Email"
              labelFor="demo-request-email"
              labelInfo="*"
              intent={showErrors && errors.userEmail ? Intent.DANGER : Intent.NONE}
              helperText={showErrors ? errors.userEmail : undefined}
            >
              <InputGroup id="demo-request-email" type="email" value={userEmail} onValueChange={setUserEmail} maxLength={254} />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={close} />
                <Button type="submit" intent={Intent.PRIMARY} text="Send request" loading={busy} />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}

export function BackupGetStarted({ nodeId }: { nodeId?: number }) {
  const [demoOpen, setDemoOpen] = useState(false);
  const device = useQuery('devices.query', nodeId !== undefined ? { page: 0, nodeId } : null);
  const deviceName = device.data?.results[0]?.displayName;
  return (
    <section className="backup-get-started" data-testid="backup-get-started">
      <div className="backup-get-started-header">
        <Icon icon="database" size={40} intent={Intent.PRIMARY} />
        <div>
          {/* The screen's h1. */}
          <h1 className={`${Classes.HEADING} page-title`}>Get started with Backup</h1>
          <p className={Classes.TEXT_MUTED}>
            {nodeId !== undefined
              ? `${deviceName ?? 'This device'} has no backup yet. Protect it with NinjaOne Backup.`
              : 'Protect your customers’ devices with NinjaOne Backup.'}
          </p>
        </div>
      </div>
      <Card className="backup-get-started-card">
        <h2 className={`${Classes.HEADING} section-title`}>What you get</h2>
        <ul className="backup-get-started-features" aria-label="Backup features">
          {BACKUP_GET_STARTED_FEATURES.map((feature) => (
            <li key={feature}>
              <Icon icon="tick" intent={Intent.SUCCESS} /> {feature}
            </li>
          ))}
        </ul>
        <div className="backup-get-started-actions">
          <Button intent={Intent.PRIMARY} icon="calendar" text="Request Demo" size="large" onClick={() => setDemoOpen(true)} />
          <Button variant="minimal" icon="arrow-left" text="Back to devices" onClick={() => navigate('/devices')} />
        </div>
      </Card>
      {nodeId !== undefined && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" className="gap-top">
          Devices with backup enabled show their backup plans and data in the device&apos;s backup browser.
        </Callout>
      )}
      <DemoRequestDialog isOpen={demoOpen} onClose={() => setDemoOpen(false)} />
    </section>
  );
}
