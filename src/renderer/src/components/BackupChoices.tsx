/**
 * The revision and date lists of the download and restore dialogs (spec §7:
 * the revisions and jobs calls, paged 100), as selects with "Load more"; and
 * the Download Folder dialog's calendar beside its list, where only backup
 * dates can be picked (§2). The lists are read by the feature that shows
 * them (its own client), handed in as `readPage`.
 */
import './BackupChoices.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Button, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { DatePicker } from './inputs/lazy-datetime';
import enUS from 'date-fns/locale/en-US';
import { useMemo } from 'react';
import type { CallInput, CallOutput } from '../../../shared/contract';
import type { BackupJob, Revision } from '../../../shared/model/backup';
import { revisionTypeLabel } from '../../../shared/model/backup';
import { backupDayRange, backupsByDay, dayOfBackup, localDayKey } from '../../../shared/rules/backup/dates';
import { MESSAGES } from '../../../shared/rules/platform/messages';
import { byPageNumber } from '../core/data/paged-loader';
import { usePaged, type PagedList } from '../core/data/use-paged';
import { presentError } from '../core/toaster';
import { formatBytes, formatDate } from './format';

/** The backup calls' lists, 100 a page with "Load more"; nothing while `enabled` is false. */
function usePagedList<T>(load: (page: number) => Promise<{ results: T[]; totalPages: number }>, enabled: boolean): PagedList<T> {
  return usePaged(byPageNumber(load), 0, { enabled, onError: (error) => presentError(error) });
}

/** A file's revisions (downloads: only those in the cloud). */
export function useRevisionList(
  scope: { nodeId: number; planUid: string; fileId: string; cloudOnly: boolean },
  enabled: boolean,
  readPage: (input: CallInput<'backup.downloadRevisions'>) => Promise<CallOutput<'backup.downloadRevisions'>>,
): PagedList<Revision> {
  return usePagedList((page) => readPage({ ...scope, page }), enabled);
}

/** A plan's completed backup jobs, as dates (downloads: only those in the cloud). */
export function useDateList(
  scope: { nodeId: number; planUid: string; cloudOnly: boolean },
  enabled: boolean,
  readPage: (input: CallInput<'backup.downloadJobs'>) => Promise<CallOutput<'backup.downloadJobs'>>,
): PagedList<BackupJob> {
  const list = usePagedList((page) => readPage({ ...scope, page }), enabled);
  return { ...list, items: list.items.filter((job) => job.completed !== null) };
}

function ChoiceSelect<T extends { id: string }>(props: {
  id: string;
  label: string;
  list: PagedList<T>;
  value: string;
  onChange(id: string): void;
  placeholder: string;
  empty: string;
  moreText: string;
  describe(item: T): string;
  helperText?: string;
  /** Options shown before the loaded ones (a revision picked in the browser). */
  extra?: T[];
}) {
  const extra = (props.extra ?? []).filter((item) => !props.list.items.some((i) => i.id === item.id));
  const options = [...extra, ...props.list.items];
  return (
    <FormGroup label={props.label} labelFor={props.id} helperText={props.helperText}>
      {props.list.loading && options.length === 0 ? (
        <Spinner size={18} />
      ) : (
        <HTMLSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)} fill>
          <option value="">{options.length ? props.placeholder : props.empty}</option>
          {options.map((item) => (
            <option key={item.id} value={item.id}>
              {props.describe(item)}
            </option>
          ))}
        </HTMLSelect>
      )}
      {props.list.hasMore && <Button variant="minimal" size="small" text={props.moreText} loading={props.list.loading} onClick={props.list.loadMore} />}
    </FormGroup>
  );
}

export function RevisionSelect(props: { id: string; list: PagedList<Revision>; value: string; onChange(id: string): void; preselected?: Revision }) {
  return (
    <ChoiceSelect
      id={props.id}
      label="Revision"
      list={props.list}
      value={props.value}
      onChange={props.onChange}
      placeholder="Select a revision"
      empty={MESSAGES.noRevisions}
      moreText="Load more revisions"
      extra={props.preselected ? [props.preselected] : []}
      describe={(r) => `${formatDate(r.modified)} · ${revisionTypeLabel(r.bldType)} · ${formatBytes(r.size)}`}
    />
  );
}

/** `label`: 'Date' unless the form has two (the compare of two backup dates); `preselected`: a date chosen before, listed even when not loaded. */
export function DateSelect(props: {
  id: string;
  list: PagedList<BackupJob>;
  value: string;
  onChange(id: string): void;
  helperText?: string;
  label?: string;
  preselected?: BackupJob;
}) {
  return (
    <ChoiceSelect
      id={props.id}
      label={props.label ?? 'Date'}
      list={props.list}
      value={props.value}
      onChange={props.onChange}
      placeholder="Select a date"
      empty={MESSAGES.noOptions}
      moreText="Load more dates"
      helperText={props.helperText}
      extra={props.preselected ? [props.preselected] : []}
      describe={(job) => formatDate(job.completed ?? job.created)}
    />
  );
}

/**
 * §2 Download Folder: Blueprint's date picker beside the list. Only days with
 * a completed backup (of those loaded) can be picked; a day picks its newest
 * backup, and a date chosen in the list shows as its day.
 */
export function BackupDateCalendar(props: { list: PagedList<BackupJob>; value: string; onChange(id: string): void }) {
  const jobs = props.list.items;
  const days = useMemo(() => backupsByDay(jobs), [jobs]);
  const range = useMemo(() => backupDayRange(jobs), [jobs]);
  const selected = dayOfBackup(jobs.find((job) => job.id === props.value));
  if (!range) return null;
  return (
    <div className="backup-date-calendar" data-testid="backup-date-calendar">
      <DatePicker
        locale={enUS}
        value={selected}
        minDate={range.first}
        maxDate={range.last}
        initialMonth={selected ?? range.last}
        canClearSelection={false}
        highlightCurrentDay
        dayPickerProps={{ disabled: (day: Date) => !days.has(localDayKey(day)) }}
        onChange={(day, isUserChange) => {
          if (!day || !isUserChange) return;
          const newest = days.get(localDayKey(day))?.[0];
          if (newest) props.onChange(newest.id);
        }}
      />
    </div>
  );
}
