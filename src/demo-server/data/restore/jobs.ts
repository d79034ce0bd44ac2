/**
 * Restore jobs of the demo RMM API (spec/backup-restore.md §3 "Restore job
 * specification" and "Restore job (progress view)", §4 "Restore job status"):
 * created from specifications, they progress with wall-clock time since their
 * creation, and live in memory for the server instance's lifetime.
 *
 * What a job does is decided when it is created and is a pure function of the
 * seed and its specification (`planRestoreJob`): how many files and bytes,
 * whether it completes, completes with warnings (some files not restored) or
 * fails part way. Where it is at a moment is another pure function
 * (`progressAt`). Markers in destinationPath make outcomes certain for tests:
 * `FAIL-JOB` fails, `WARN-JOB` completes with warnings (when there is more
 * than one file), `SLOW-JOB` runs 10× longer; `FAIL-RESULT` (routes) refuses
 * the whole request with resultCode FAILURE.
 */
import { hashString } from '../random';
import type { DemoWorld } from '../world';

import {
  COLLISION_HANDLING,
  RESTORE_JOB_STATUSES,
  type RestoreJob as ConsoleRestoreJob,
  type RestoreJobSpec as ConsoleRestoreJobSpec,
  type RestoreJobStatus,
} from '../../../shared/model/restore';

export { COLLISION_HANDLING, RESTORE_JOB_STATUSES };
export type { CollisionHandling } from '../../../shared/model/restore';
export type { RestoreJobStatus };
type RestoreJobType = 'FILE' | 'FOLDER' | 'BATCH';

/**
 * Restore job specification (§3), as the batch call receives it: the
 * console's shape, except that the server also takes the plan's numeric id
 * and null for the unused one of revisionId/backupJobId.
 */
export interface RestoreJobSpec extends Omit<ConsoleRestoreJobSpec, 'sourcePlanId' | 'revisionId' | 'backupJobId'> {
  /** The plan's uid, or its numeric id (echoed as given). */
  sourcePlanId: string | number;
  revisionId?: string | null;
  backupJobId?: string | null;
}

/**
 * Restore job (progress view, §3), plus whether it was cleared. Beyond §3 the
 * demo names the target device (`nodeName`) and says why a FAILED job failed
 * (`failureReason`), as the console shows them.
 */
export interface RestoreJob extends Omit<ConsoleRestoreJob, 'sourcePlanId' | 'actionType' | 'type' | 'status'> {
  actionType: 'RESTORE';
  type: RestoreJobType;
  status: RestoreJobStatus;
  sourcePlanId: string | number;
  /** Tagged to be ignored (Clear restore): left out of the device's job list. */
  ignored: boolean;
}

// ---------------------------------------------------------------------------
// Progress (pure)

/** The first share of a job's run is 'preparing': totals unknown (0), nothing processed. */
export const PREPARING_SHARE = 0.15;
/** `SLOW-JOB` in destinationPath multiplies the run time by this. */
const SLOW_JOB_FACTOR = 10;

type RestoreOutcome = 'COMPLETED' | 'WARNINGS' | 'FAILED';

/** What a job will do, fixed at its creation. */
export interface RestoreJobPlan {
  totalFiles: number;
  totalBytes: number;
  outcome: RestoreOutcome;
  /** WARNINGS: files not restored (1 ≤ skipped < totalFiles). */
  skippedFiles: number;
  /** FAILED: where in the transfer phase it fails (0 < failAt < 1). */
  failAt: number;
  /** FAILED: the reason the job reports once it has failed. */
  failureReason: string;
  durationMs: number;
  /** `HOLD-JOB`: preparing until canceled, so a test sees it there however slow the machine. */
  holdsPreparing?: true;
}

/** Why a demo job fails (one picked from the seed and the specification). */
export const FAILURE_REASONS = [
  'Access to the destination folder was denied.',
  'The target device went offline during the restore.',
  'Not enough free space on the destination volume.',
] as const;

interface RestoreProgress {
  status: RestoreJobStatus;
  jobFilesProcessed: number;
  jobTotalFiles: number;
  jobProcessedBytes: number;
  jobTotalBytes: number;
  percentage: number;
}

/**
 * Where a job is `elapsedMs` after its creation: preparing for the first
 * PREPARING_SHARE of its duration (totals 0, percentage 0), then files and
 * bytes grow linearly to the end (percentage at most 99 until then); FAILED
 * from its failure point on (keeping what it had processed), COMPLETED at the
 * end with processed == total, or fewer files (and bytes) for warnings.
 */
export function progressAt(plan: RestoreJobPlan, elapsedMs: number): RestoreProgress {
  const duration = Math.max(1, plan.durationMs);
  const t = Math.max(0, elapsedMs) / duration;
  const preparing: RestoreProgress = { status: 'PROCESSING', jobFilesProcessed: 0, jobTotalFiles: 0, jobProcessedBytes: 0, jobTotalBytes: 0, percentage: 0 };
  if (plan.holdsPreparing) return preparing;
  const restoredFiles = plan.outcome === 'WARNINGS' ? plan.totalFiles - plan.skippedFiles : plan.totalFiles;
  const restoredBytes = plan.outcome === 'WARNINGS' && plan.totalFiles > 0 ? Math.floor((plan.totalBytes * restoredFiles) / plan.totalFiles) : plan.totalBytes;
  const at = (x: number, status: RestoreJobStatus, percentage: number): RestoreProgress => ({
    status,
    jobFilesProcessed: Math.floor(x * restoredFiles),
    jobTotalFiles: plan.totalFiles,
    jobProcessedBytes: Math.floor(x * restoredBytes),
    jobTotalBytes: plan.totalBytes,
    percentage,
  });
  const transfer = (t - PREPARING_SHARE) / (1 - PREPARING_SHARE);
  if (plan.outcome === 'FAILED' && transfer >= plan.failAt) return at(plan.failAt, 'FAILED', Math.floor(plan.failAt * 100));
  if (t < PREPARING_SHARE) return preparing;
  if (t >= 1) {
    return { status: 'COMPLETED', jobFilesProcessed: restoredFiles, jobTotalFiles: plan.totalFiles, jobProcessedBytes: restoredBytes, jobTotalBytes: plan.totalBytes, percentage: 100 };
  }
  return at(transfer, 'PROCESSING', Math.min(99, Math.floor(transfer * 100)));
}

/** A stable text of a specification (key order fixed), for hashing. */
function specKey(spec: RestoreJobSpec): string {
  return JSON.stringify([
    spec.nodeId,
    spec.sourceNodeId,
    String(spec.sourcePlanId),
    spec.sourcePath,
    spec.destinationPath,
    spec.revisionId ?? null,
    spec.backupJobId ?? null,
    spec.collisionHandling,
    spec.originalLocation,
    spec.restorePermissions,
    spec.restoreDeletedFiles,
    spec.restoreType,
  ]);
}

/**
 * The plan of a job from the seed and its specification: about 3 in 4
 * complete, 1 in 8 complete with warnings (only with more than one file), 1
 * in 8 fail part way; destinationPath markers FAIL-JOB, WARN-JOB, SLOW-JOB and
 * HOLD-JOB (preparing until canceled) override.
 */
export function planRestoreJob(
  seed: string,
  spec: RestoreJobSpec,
  totals: { files: number; bytes: number },
  restoreJobSeconds: number,
): RestoreJobPlan {
  const key = `${seed}|restore-job|${specKey(spec)}`;
  const roll = hashString(key, 1) % 100;
  const destination = spec.destinationPath;
  const canWarn = totals.files > 1;
  let outcome: RestoreOutcome = roll < 76 ? 'COMPLETED' : roll < 88 && canWarn ? 'WARNINGS' : roll < 88 ? 'COMPLETED' : 'FAILED';
  if (destination.includes('WARN-JOB')) outcome = canWarn ? 'WARNINGS' : 'COMPLETED';
  if (destination.includes('FAIL-JOB')) outcome = 'FAILED';
  const slow = destination.includes('SLOW-JOB') ? SLOW_JOB_FACTOR : 1;
  const maxSkipped = Math.max(1, Math.floor(totals.files / 10));
  return {
    totalFiles: totals.files,
    totalBytes: totals.bytes,
    outcome,
    skippedFiles: outcome === 'WARNINGS' ? Math.min(totals.files - 1, 1 + (hashString(key, 2) % maxSkipped)) : 0,
    failAt: outcome === 'FAILED' ? 0.2 + (hashString(key, 3) % 61) / 100 : 1,
    // FAIL-JOB always fails the same way, so tests can name the reason.
    failureReason: outcome !== 'FAILED' ? '' : destination.includes('FAIL-JOB') ? FAILURE_REASONS[0] : FAILURE_REASONS[hashString(key, 4) % FAILURE_REASONS.length]!,
    durationMs: Math.max(1, Math.round(restoreJobSeconds * 1000 * slow)),
    ...(destination.includes('HOLD-JOB') ? { holdsPreparing: true as const } : {}),
  };
}

/** A job uid shaped like a version-4 UUID, from the seed, the job's sequence number and its specification. */
export function restoreJobUid(seed: string, sequence: number, spec: RestoreJobSpec): string {
  const text = `${seed}|restore-job-uid|${sequence}|${specKey(spec)}`;
  const part = (salt: number) => (hashString(text, salt) % 2 ** 52).toString(16).padStart(13, '0');
  const hex = `${part(1)}${part(2)}${part(3)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------
// The store

/** What a created job is about, resolved by the route from the backup data. */
export interface ResolvedRestoreSource {
  type: RestoreJobType;
  /** The item's name (the progress view's `file`). */
  name: string;
  /** The target device's name (the view's `nodeName`). */
  targetName: string;
  sourcePlanName: string;
  files: number;
  bytes: number;
}

interface StoredJob {
  spec: RestoreJobSpec;
  source: ResolvedRestoreSource;
  plan: RestoreJobPlan;
  jobUID: string;
  sequence: number;
  createdAt: number;
  /** Elapsed ms at which it was canceled. */
  canceledAfter?: number;
  ignored: boolean;
}

/** Jobs kept per server instance at most; the oldest go first. */
const MAX_JOBS = 20_000;
/** Specifications kept for /__demo/state, newest last. */
const RECENT_SPECS = 100;

export class CancelConflict extends Error {}

const storeMemo = new WeakMap<DemoWorld, RestoreJobStore>();

export class RestoreJobStore {
  private readonly jobs = new Map<string, StoredJob>();
  private sequence = 0;
  private readonly received: RestoreJobSpec[] = [];

  constructor(
    private readonly seed: () => string,
    private readonly restoreJobSeconds: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The one store of a demo world (config read at each creation, so PATCH /__demo/config applies to new jobs). */
  static of(world: DemoWorld): RestoreJobStore {
    let store = storeMemo.get(world);
    if (!store) {
      store = new RestoreJobStore(
        () => world.config.seed,
        () => world.config.sizes.restoreJobSeconds,
      );
      storeMemo.set(world, store);
    }
    return store;
  }

  /** Creates one job per specification, in order. */
  create(items: ReadonlyArray<{ spec: RestoreJobSpec; source: ResolvedRestoreSource }>): RestoreJob[] {
    const createdAt = this.now();
    return items.map(({ spec, source }) => {
      this.received.push(spec);
      if (this.received.length > RECENT_SPECS) this.received.shift();
      this.sequence += 1;
      const job: StoredJob = {
        spec,
        source,
        plan: planRestoreJob(this.seed(), spec, { files: source.files, bytes: source.bytes }, this.restoreJobSeconds()),
        jobUID: restoreJobUid(this.seed(), this.sequence, spec),
        sequence: this.sequence,
        createdAt,
        ignored: false,
      };
      this.jobs.set(job.jobUID, job);
      if (this.jobs.size > MAX_JOBS) this.jobs.delete(this.jobs.keys().next().value as string);
      return this.view(job);
    });
  }

  /**
   * The specifications of the latest jobs created, oldest first, as received
   * (for /__demo/state: tests check what the console sent).
   */
  recentSpecs(): RestoreJobSpec[] {
    return [...this.received];
  }

  get(jobUID: string): RestoreJob | undefined {
    const job = this.jobs.get(jobUID);
    return job ? this.view(job) : undefined;
  }

  /** Jobs where the device is the target or the source, newest first, without cleared ones. */
  forDevice(nodeId: number): RestoreJob[] {
    const found: StoredJob[] = [];
    for (const job of this.jobs.values()) {
      if (!job.ignored && (job.spec.nodeId === nodeId || job.spec.sourceNodeId === nodeId)) found.push(job);
    }
    found.sort((a, b) => b.createdAt - a.createdAt || b.sequence - a.sequence);
    return found.map((job) => this.view(job));
  }

  /** A PROCESSING job becomes CANCELED, keeping its progress; CancelConflict when it already ended; undefined when unknown. */
  cancel(jobUID: string): RestoreJob | undefined {
    const job = this.jobs.get(jobUID);
    if (!job) return undefined;
    const elapsed = this.now() - job.createdAt;
    if (job.canceledAfter !== undefined || progressAt(job.plan, elapsed).status !== 'PROCESSING') {
      throw new CancelConflict(`Restore job ${jobUID} has already ended`);
    }
    job.canceledAfter = elapsed;
    return this.view(job);
  }

  /** Tags a job to be ignored (Clear restore); undefined when unknown. */
  clear(jobUID: string): RestoreJob | undefined {
    const job = this.jobs.get(jobUID);
    if (!job) return undefined;
    job.ignored = true;
    return this.view(job);
  }

  /** Counts by status (now), and how many are cleared, for /__demo/state. */
  counts(): Record<RestoreJobStatus | 'total' | 'ignored', number> {
    const counts = { total: 0, PROCESSING: 0, COMPLETED: 0, FAILED: 0, CANCELED: 0, ignored: 0 };
    for (const job of this.jobs.values()) {
      counts.total += 1;
      counts[this.progress(job).status] += 1;
      if (job.ignored) counts.ignored += 1;
    }
    return counts;
  }

  private progress(job: StoredJob): RestoreProgress {
    if (job.canceledAfter !== undefined) return { ...progressAt(job.plan, job.canceledAfter), status: 'CANCELED' };
    return progressAt(job.plan, this.now() - job.createdAt);
  }

  private view(job: StoredJob): RestoreJob {
    const { spec, source } = job;
    const progress = this.progress(job);
    return {
      actionType: 'RESTORE',
      type: source.type,
      sourcePath: spec.sourcePath,
      file: source.name,
      destinationPath: spec.destinationPath,
      jobUID: job.jobUID,
      ...progress,
      sourcePlanId: spec.sourcePlanId,
      sourcePlanName: source.sourcePlanName,
      createTime: new Date(job.createdAt).toISOString(),
      nodeId: spec.nodeId,
      nodeName: source.targetName,
      sourceNodeId: spec.sourceNodeId,
      ...(progress.status === 'FAILED' ? { failureReason: job.plan.failureReason } : {}),
      ignored: job.ignored,
    };
  }
}
