/**
 * Watching restore jobs (spec §2 "Restore job progress dialog", §4 "Restore
 * job status"): polling with backoff that stops once every job is terminal,
 * the progress dialog with Cancel Job and Clear restore (each confirmed), and
 * the device's jobs list.
 */
import { Alert, Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RestoreJob } from '../../../../shared/model/restore';
import { isTerminal, nextPollDelay, restoreJobStatusLabel } from '../../../../shared/rules/restore';
import { api, errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../app/toaster';
import { Details } from '../../components/Details';
import { formatBytes, formatDate } from '../../components/format';

function fingerprint(jobs: RestoreJob[]): string {
  return jobs.map((j) => `${j.jobUID}:${j.status}:${j.jobFilesProcessed}:${j.jobProcessedBytes}:${j.jobTotalFiles}`).join('|');
}

/**
 * Polls `load` while any job is running: quickly at first, then backing off
 * while nothing changes; stops when every job is terminal. `restart` polls
 * again (a new job, a cancel).
 */
function usePolledJobs(load: (() => Promise<RestoreJob[]>) | null): { jobs: RestoreJob[] | null; error: string | null; restart: () => void } {
  const [jobs, setJobs] = useState<RestoreJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const enabled = load !== null;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unchanged = 0;
    let last = '';
    const poll = async () => {
      try {
        const current = await loadRef.current!();
        if (!live) return;
        setJobs(current);
        setError(null);
        const print = fingerprint(current);
        unchanged = print === last ? unchanged + 1 : 0;
        last = print;
        if (current.some((job) => !isTerminal(job))) timer = setTimeout(() => void poll(), nextPollDelay(unchanged));
      } catch (failure) {
        if (!live) return;
        setError(errorMessage(failure));
        unchanged += 1;
        timer = setTimeout(() => void poll(), nextPollDelay(unchanged + 3));
      }
    };
    void poll();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, generation]);

  const restart = useCallback(() => setGeneration((g) => g + 1), []);
  return { jobs, error, restart };
}

export function useDeviceRestoreJobs(nodeId: number) {
  return usePolledJobs(useCallback(() => api.call('restore.jobs', { nodeId }), [nodeId]));
}

function statusIntent(job: RestoreJob): Intent {
  const label = restoreJobStatusLabel(job);
  if (label === 'Completed') return Intent.SUCCESS;
  if (label === 'Completed with warnings') return Intent.WARNING;
  if (label === 'Failed') return Intent.DANGER;
  if (label === 'Canceled') return Intent.NONE;
  return Intent.PRIMARY;
}

export function JobStatusTag({ job }: { job: RestoreJob }) {
  return (
    <Tag minimal intent={statusIntent(job)} data-testid="job-status">
      {restoreJobStatusLabel(job)}
    </Tag>
  );
}

function progressLine(job: RestoreJob): string {
  if (!job.jobTotalFiles) return job.status === 'PROCESSING' ? 'Counting files...' : '';
  return `${job.jobFilesProcessed} of ${job.jobTotalFiles} files · ${formatBytes(job.jobProcessedBytes)} of ${formatBytes(job.jobTotalBytes)}`;
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
        await api.call('restore.cancel', { jobUID: confirm.job.jobUID });
        toastSuccess('Restore job canceled');
      } else {
        await api.call('restore.clear', { jobUID: confirm.job.jobUID });
        toastSuccess('Restore cleared');
      }
      onChanged();
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };
  const alert = (
    <Alert
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
        <p>Cancel the restore of {confirm.job.file || confirm.job.sourcePath}? Files already restored stay where they are.</p>
      ) : (
        <p>Clear the restore of {confirm?.job.file || confirm?.job.sourcePath}? It will no longer be listed.</p>
      )}
    </Alert>
  );
  return { ask: (kind: 'cancel' | 'clear', job: RestoreJob) => setConfirm({ kind, job }), alert };
}

/** The progress dialog of one job: device, plan name, path, target, progress (§2). */
export function JobProgressDialog({ jobUID, deviceName, onClose }: { jobUID: string; deviceName: string; onClose(): void }) {
  const load = useCallback(async () => [await api.call('restore.job', { jobUID })], [jobUID]);
  const { jobs, error, restart } = usePolledJobs(load);
  const actions = useJobActions(restart);
  const job = jobs?.[0];
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
                ['Restore target', <span data-testid="job-target">{job.destinationPath || 'Original Location'}</span>],
                ['Status', <JobStatusTag job={job} />],
              ]}
            />
            <ProgressBar value={job.percentage / 100} intent={statusIntent(job)} animate={job.status === 'PROCESSING'} stripes={job.status === 'PROCESSING'} aria-label="Restore progress" />
            <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} job-progress-line`} data-testid="job-progress">
              {Math.round(job.percentage)}% · {progressLine(job)}
            </p>
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
            {job && isTerminal(job) && (
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

/** The device's restore jobs (newest first), each opening its progress dialog. */
export function RestoreJobsTable({ nodeId, deviceName, refreshKey }: { nodeId: number; deviceName: string; refreshKey: number }) {
  const { jobs, error, restart } = useDeviceRestoreJobs(nodeId);
  const actions = useJobActions(restart);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (refreshKey > 0) restart();
  }, [refreshKey, restart]);

  return (
    <section className="activity-section" aria-label="Restore jobs">
      <h3 className={Classes.HEADING}>Restore jobs</h3>
      {error && !jobs && <NonIdealState icon="error" description={error} />}
      {jobs && jobs.length === 0 && <NonIdealState icon="history" description="No restore jobs for this device." />}
      {jobs && jobs.length > 0 && (
        <HTMLTable compact className="full-width" aria-label="Restore jobs">
          <thead>
            <tr>
              <th>Path</th>
              <th>Target</th>
              <th>Started</th>
              <th>Progress</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.jobUID} data-testid="restore-job-row" data-job-uid={job.jobUID}>
                <td>
                  <a role="button" tabIndex={0} onClick={() => setOpen(job.jobUID)} onKeyDown={(e) => e.key === 'Enter' && setOpen(job.jobUID)}>
                    {job.file || job.sourcePath}
                  </a>
                </td>
                <td className={Classes.TEXT_MUTED}>{job.destinationPath || 'Original Location'}</td>
                <td>{formatDate(job.createTime)}</td>
                <td style={{ minWidth: 120 }}>
                  <ProgressBar value={job.percentage / 100} intent={statusIntent(job)} animate={false} stripes={false} />
                </td>
                <td>
                  <JobStatusTag job={job} />
                </td>
                <td>
                  {job.status === 'PROCESSING' ? (
                    <Button size="small" variant="minimal" icon="stop" aria-label={`Cancel Job ${job.file || job.sourcePath}`} onClick={() => actions.ask('cancel', job)} />
                  ) : (
                    <Button size="small" variant="minimal" icon="eye-off" aria-label={`Clear restore ${job.file || job.sourcePath}`} onClick={() => actions.ask('clear', job)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
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
