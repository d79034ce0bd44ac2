/**
 * Watching restore jobs (spec §2 "Restore job progress dialog", §4 "Restore
 * job status"): polling with backoff that stops once every job is terminal,
 * the progress dialog with Cancel Job and Clear restore (each confirmed), and
 * the device's jobs list.
 */
import './restore.css';
import { Alert, Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePolled } from '../../core/data/use-polled';
import type { RestoreJob, RestoreJobList } from '../../../../shared/model/restore';
import { isTerminal, nextPollDelay, restoreJobStatusLabel } from '../../../../shared/rules/restore';
import { jobFailureReason, jobProgressLine, jobTargetDevice, jobTargetPath } from '../../../../shared/rules/restore/job-view';
import { presentError, toastSuccess } from '../../core/toaster';
import { Details } from '../../components/Details';
import { ButtonLinkCell, DateCell, ProgressCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { formatBytes } from '../../components/format';
import { SkippedNotice } from '../../components/SkippedNotice';
import { cancelRestoreJob, clearRestoreJob, readRestoreJob, readRestoreJobs } from './client';

function fingerprint(jobs: RestoreJob[]): string {
  return jobs.map((j) => `${j.jobUID}:${j.status}:${j.jobFilesProcessed}:${j.jobProcessedBytes}:${j.jobTotalFiles}`).join('|');
}

/**
 * Polls `load` while any job is running: quickly at first, then backing off
 * while nothing changes; stops when every job is terminal. `restart` polls
 * again (a new job, a cancel).
 */
function usePolledJobs(load: (() => Promise<RestoreJobList>) | null): { jobs: RestoreJob[] | null; skipped: number; error: string | null; restart: () => void } {
  const { data, error, restart } = usePolled(load, {
    continueAfter: (answer) => answer.jobs.some((job) => !isTerminal(job)),
    fingerprint: (answer) => fingerprint(answer.jobs),
    delay: nextPollDelay,
  });
  return { jobs: data?.jobs ?? null, skipped: data?.skipped ?? 0, error: error?.message ?? null, restart };
}

function useDeviceRestoreJobs(nodeId: number) {
  return usePolledJobs(useCallback(() => readRestoreJobs({ nodeId }), [nodeId]));
}

function statusIntent(job: RestoreJob): Intent {
  const label = restoreJobStatusLabel(job);
  if (label === 'Completed') return Intent.SUCCESS;
  if (label === 'Completed with warnings') return Intent.WARNING;
  if (label === 'Failed') return Intent.DANGER;
  if (label === 'Canceled') return Intent.NONE;
  return Intent.PRIMARY;
}

function JobStatusTag({ job }: { job: RestoreJob }) {
  return (
    <Tag minimal intent={statusIntent(job)} data-testid="job-status">
      {restoreJobStatusLabel(job)}
    </Tag>
  );
}

/** Where the files go, as device and path. */
function JobTarget({ job, known }: { job: RestoreJob; known: ReadonlyArray<{ id: number; displayName: string }> }) {
  return (
    <span className="job-target">
      <span data-testid="job-target-device">{jobTargetDevice(job, known)}</span>
      <span className={Classes.TEXT_MUTED} data-testid="job-target">
        {jobTargetPath(job)}
      </span>
    </span>
  );
}

/** Cancel Job and Clear restore, each behind a confirmation (§4). */
function useJobActions(onChanged: () => void) {
  const [confirm, setConfirm] = useState<{ kind: 'cancel' | 'clear'; job: RestoreJob } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'cancel') {
        await cancelRestoreJob({ jobUID: confirm.job.jobUID });
        toastSuccess('Restore job canceled');
      } else {
        await clearRestoreJob({ jobUID: confirm.job.jobUID });
        toastSuccess('Restore cleared');
      }
      onChanged();
    } catch (error) {
      presentError(error);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const alert = (
    // Blueprint's Alert has no title: the question names it (dialogs with accessible names).
    <Alert
      aria-labelledby="restore-job-question"
      isOpen={confirm !== null}
      intent={confirm?.kind === 'cancel' ? Intent.DANGER : Intent.WARNING}
      icon={confirm?.kind === 'cancel' ? 'stop' : 'eye-off'}
      cancelButtonText="Back"
      confirmButtonText={confirm?.kind === 'cancel' ? 'Cancel Job' : 'Clear restore'}
      loading={busy}
      onCancel={() => setConfirm(null)}
      onConfirm={() => void run()}
    >
      {confirm?.kind === 'cancel' ? (
        <p id="restore-job-question">Cancel the restore of {confirm.job.file || confirm.job.sourcePath}? Files already restored stay where they are.</p>
      ) : (
        <p id="restore-job-question">Clear the restore of {confirm?.job.file || confirm?.job.sourcePath}? It will no longer be listed.</p>
      )}
    </Alert>
  );
  const ask = useCallback((kind: 'cancel' | 'clear', job: RestoreJob) => setConfirm({ kind, job }), []);
  return { ask, alert };
}

/** The progress dialog of one job: device, plan name, path, target (device and path), progress, a failure's reason (§2). */
export function JobProgressDialog({ jobUID, deviceName, onClose }: { jobUID: string; deviceName: string; onClose(): void }) {
  const load = useCallback(async () => ({ jobs: [await readRestoreJob({ jobUID })], skipped: 0 }), [jobUID]);
  const { jobs, error, restart } = usePolledJobs(load);
  const actions = useJobActions(restart);
  const job = jobs?.[0];
  const reason = job ? jobFailureReason(job) : null;
  const line = job ? jobProgressLine(job, formatBytes) : '';
  return (
    <Dialog isOpen title="Restore progress" icon="history" onClose={onClose} className="job-progress-dialog">
      <DialogBody>
        {!job ? (
          <NonIdealState icon={error ? 'error' : 'time'} description={error ?? 'Loading the restore job...'} />
        ) : (
          <>
            <Details
              rows={[
                ['Device', deviceName],
                ['Plan Name', job.sourcePlanName],
                ['Path', job.sourcePath],
                ['Restore target', <JobTarget job={job} known={[{ id: job.sourceNodeId, displayName: deviceName }]} />],
                ['Status', <JobStatusTag job={job} />],
              ]}
            />
            <ProgressBar value={job.percentage / 100} intent={statusIntent(job)} animate={job.status === 'PROCESSING'} stripes={job.status === 'PROCESSING'} aria-label="Restore progress" />
            {line && (
              <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} job-progress-line`} data-testid="job-progress">
                {line}
              </p>
            )}
            {reason && (
              <Callout intent={Intent.DANGER} icon="error" title="The restore failed" className="job-failure" data-testid="job-failure">
                {reason}
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {job && job.status === 'PROCESSING' && (
              <Button intent={Intent.DANGER} icon="stop" onClick={() => actions.ask('cancel', job)}>
                Cancel Job
              </Button>
            )}
            {job && job.status !== 'PROCESSING' && (
              <Button icon="eye-off" onClick={() => actions.ask('clear', job)}>
                Clear restore
              </Button>
            )}
            <Button onClick={onClose}>Close</Button>
          </>
        }
      />
      {actions.alert}
    </Dialog>
  );
}

/** The jobs table's columns: they fill the width, dragged widths are remembered. */
const nameOf = (job: RestoreJob) => job.file || job.sourcePath;
const jobId = (job: RestoreJob) => job.jobUID;

/** The device's restore jobs (newest first), each opening its progress dialog: a configuration of the DataTable. */
export function RestoreJobsTable({ nodeId, deviceName, refreshKey }: { nodeId: number; deviceName: string; refreshKey: number }) {
  const { jobs, skipped, error, restart } = useDeviceRestoreJobs(nodeId);
  const actions = useJobActions(restart);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (refreshKey > 0) restart();
  }, [refreshKey, restart]);
  const ask = actions.ask;
  const columns = useMemo<DataTableColumn<RestoreJob>[]>(
    () => [
      { id: 'path', title: 'Path', width: 150, sortValue: (job) => nameOf(job).toLowerCase(), render: (job) => <ButtonLinkCell text={nameOf(job)} onClick={() => setOpen(job.jobUID)} /> },
      { id: 'target', title: 'Target', width: 160, render: (job) => <JobTarget job={job} known={[{ id: nodeId, displayName: deviceName }]} /> },
      { id: 'started', title: 'Started', width: 140, sortValue: (job) => job.createTime ?? '', render: (job) => <DateCell value={job.createTime} /> },
      { id: 'progress', title: 'Progress', width: 110, render: (job) => <ProgressCell value={job.percentage / 100} intent={statusIntent(job)} label={`Progress of ${nameOf(job)}`} /> },
      {
        id: 'status',
        title: 'Status',
        width: 120,
        sortValue: (job) => restoreJobStatusLabel(job),
        render: (job) => (
          <span className="job-status-cell">
            <JobStatusTag job={job} />
            {jobFailureReason(job) && (
              <span className={`${Classes.TEXT_SMALL} download-error job-failure-reason`} data-testid="job-failure" title={jobFailureReason(job) ?? undefined}>
                {jobFailureReason(job)}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'actions',
        title: 'Actions',
        width: 72,
        stretch: false,
        render: (job) =>
          job.status === 'PROCESSING' ? (
            <Button size="small" variant="minimal" icon="stop" aria-label={`Cancel Job ${nameOf(job)}`} onClick={() => ask('cancel', job)} />
          ) : (
            <Button size="small" variant="minimal" icon="eye-off" aria-label={`Clear restore ${nameOf(job)}`} onClick={() => ask('clear', job)} />
          ),
      },
    ],
    [nodeId, deviceName, ask],
  );

  return (
    <section className="activity-section" aria-label="Restore jobs">
      <h2 className={`${Classes.HEADING} section-title`}>Restore jobs</h2>
      {error && !jobs && <NonIdealState icon="error" description={error} />}
      <SkippedNotice count={skipped} />
      {jobs && jobs.length === 0 && <NonIdealState icon="history" description="No restore jobs for this device." />}
      {jobs && jobs.length > 0 && (
        <DataTable<RestoreJob>
          id="restore-jobs"
          label="Restore jobs table"
          className="restore-jobs-table"
          columns={columns}
          rowId={jobId}
          rows={jobs}
          rowLabel={nameOf}
          onRowAction={(job) => setOpen(job.jobUID)}
          onRefresh={restart}
        />
      )}
      {open && (
        <JobProgressDialog
          jobUID={open}
          deviceName={deviceName}
          onClose={() => {
            setOpen(null);
            restart();
          }}
        />
      )}
      {actions.alert}
    </section>
  );
}
