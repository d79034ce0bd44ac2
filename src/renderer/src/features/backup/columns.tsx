/** The browser table's columns for each level (spec/backup-restore.md §2, §3). */
import './BackupBrowser.css';
import { Button, Classes, Icon, Intent, Popover, Tag, Tooltip } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { destinationLabel, planTypeLabel, revisionTypeLabel, unknownItemStatus, type BackupPlan, type ItemStatus, type Volume } from '../../../../shared/model/backup';
import type { BrowserLevel, BrowserRow } from '../../../../shared/model/backup/browser';
import type { FeatureFlags } from '../../../../shared/model/platform/features';
import type { DownloadTarget } from '../../../../shared/rules/downloads';
import { IMAGE_PLAN_TYPE_TOOLTIP, RESTRICTED_FOLDER_MESSAGE, REVISION_TAGS, statusTagKeys } from '../../../../shared/rules/backup/browser';
import { formatBytes, formatDate } from '../../components/format';
import { toastSuccess } from '../../core/toaster';

export interface ColumnContext {
  /** The plan the listing belongs to (absent at the plans level). */
  plan?: BackupPlan;
  /** Status of the file whose revisions are listed. */
  fileStatus?: ItemStatus;
  features: FeatureFlags;
  canEnter(row: BrowserRow): boolean;
  /** §4: a folder (or item) of a restricted listing: shown locked, and opening it says why it cannot be entered. */
  isRestricted(row: BrowserRow): boolean;
  onOpen(row: BrowserRow): void;
  /** The download dialog a row opens, or null (spec §2 "Download dialogs"). */
  downloadOf(row: BrowserRow): DownloadTarget | null;
  onDownload(row: BrowserRow): void;
  canRestore(row: BrowserRow): boolean;
  onRestore(row: BrowserRow): void;
  canPreview(row: BrowserRow): boolean;
  onPreview(row: BrowserRow): void;
  /** A folder compares its content between two backup dates. */
  canCompare(row: BrowserRow): boolean;
  onCompare(row: BrowserRow): void;
}

interface ColumnDef {
  name: string;
  width: number;
  render(row: BrowserRow, ctx: ColumnContext): ReactNode;
}

type TagKey = keyof typeof REVISION_TAGS;

/** `rawStatus`: a status outside §3's list, shown as the server sent it. */
function tagsFor(keys: TagKey[], rawStatus?: string | null): ReactNode {
  if (keys.length === 0 && !rawStatus) return null;
  return (
    <span className="row-tags">
      {keys.map((key) => (
        <Tooltip key={key} content={REVISION_TAGS[key].meaning} placement="top">
          <Tag minimal intent={key === 'missing' || key === 'planDeleted' ? Intent.WARNING : Intent.NONE} data-tag={key}>
            {REVISION_TAGS[key].label}
          </Tag>
        </Tooltip>
      ))}
      {rawStatus && (
        <Tag minimal data-tag="status" title="Status as the server reports it">
          {rawStatus}
        </Tag>
      )}
    </span>
  );
}

/** §2 tags by status; 'Removed' only for items removed from the plan, not every deleted one. */
function statusTags(status: ItemStatus | undefined): TagKey[] {
  return statusTagKeys(status);
}

function planTags(plan: BackupPlan | undefined): TagKey[] {
  if (!plan) return [];
  const keys: TagKey[] = [];
  if (plan.deleted) keys.push('planDeleted');
  if (plan.type === 'IMAGE' && !plan.enabled) keys.push('disabled');
  return keys;
}

function rowName(row: BrowserRow): string {
  switch (row.kind) {
    case 'plan':
      return row.plan.name;
    case 'volume':
      return row.volume.name;
    case 'folder':
      return row.folder.name;
    case 'item':
    case 'mounted':
      return row.item.name;
    case 'revision':
      return formatDate(row.revision.modified);
  }
}

function rowIcon(row: BrowserRow): 'folder-close' | 'document' | 'database' | 'floppy-disk' | 'history' | 'archive' {
  switch (row.kind) {
    case 'plan':
      return row.plan.type === 'IMAGE' ? 'archive' : 'database';
    case 'volume':
      return 'floppy-disk';
    case 'folder':
      return 'folder-close';
    case 'item':
    case 'mounted':
      return row.item.type === 'FOLDER' ? 'folder-close' : 'document';
    case 'revision':
      return 'history';
  }
}

/** The name cell: a link that opens the row when it can be entered. */
function NameCell({ row, ctx }: { row: BrowserRow; ctx: ColumnContext }) {
  const name = rowName(row);
  const enterable = ctx.canEnter(row);
  const restricted = ctx.isRestricted(row);
  return (
    <span className="name-cell">
      <Icon icon={restricted ? 'lock' : rowIcon(row)} className="name-icon" title={restricted ? RESTRICTED_FOLDER_MESSAGE : undefined} />
      {restricted ? (
        // §4: not entered; a click says why (the browser's onOpen refuses it).
        <span
          className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} row-restricted`}
          data-restricted="true"
          title={RESTRICTED_FOLDER_MESSAGE}
          onClick={(event) => {
            event.stopPropagation();
            ctx.onOpen(row);
          }}
        >
          {name}
        </span>
      ) : enterable ? (
        <a
          className="row-open"
          role="button"
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            ctx.onOpen(row);
          }}
        >
          {name}
        </a>
      ) : (
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{name}</span>
      )}
    </span>
  );
}

function VolumeDetails({ volume }: { volume: Volume }) {
  const copy = () => {
    void navigator.clipboard?.writeText(volume.id).then(
      () => toastSuccess('GUID copied'),
      () => undefined,
    );
  };
  return (
    <Popover
      placement="right"
      content={
        <dl className="volume-details" aria-label={`Details of ${volume.name}`}>
          <dt>GUID</dt>
          <dd>
            <code>{volume.id}</code>
            <Button size="small" variant="minimal" icon="duplicate" aria-label="Copy GUID" onClick={copy} />
          </dd>
          <dt>Location</dt>
          <dd>{volume.location || '-'}</dd>
          <dt>File system</dt>
          <dd>{volume.fileSystem || '-'}</dd>
          <dt>Disk layout</dt>
          <dd>{volume.partitionStyle || '-'}</dd>
        </dl>
      }
    >
      <Button size="small" variant="minimal" icon="info-sign" aria-label={`Volume details for ${volume.name}`} />
    </Popover>
  );
}

const name: ColumnDef = { name: 'Name', width: 320, render: (row, ctx) => <NameCell row={row} ctx={ctx} /> };

/** Row actions: Download, Restore, Preview and "Compare backup dates…" open their dialogs. */
const actions: ColumnDef = {
  name: 'Actions',
  width: 110,
  render: (row, ctx) => {
    const name = rowName(row);
    const button = (icon: 'download' | 'history' | 'eye-open' | 'comparison', label: string, onClick: () => void, className: string) => (
      <Button
        size="small"
        variant="minimal"
        icon={icon}
        className={className}
        aria-label={`${label} ${name}`}
        title={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      />
    );
    return (
      <span className="row-actions">
        {ctx.downloadOf(row) && button('download', 'Download', () => ctx.onDownload(row), 'row-download')}
        {ctx.canRestore(row) && button('history', 'Restore', () => ctx.onRestore(row), 'row-restore')}
        {ctx.canPreview(row) && button('eye-open', 'Preview', () => ctx.onPreview(row), 'row-preview')}
        {ctx.canCompare(row) && button('comparison', 'Compare backup dates…', () => ctx.onCompare(row), 'row-compare')}
      </span>
    );
  },
};

export const COLUMNS: Record<BrowserLevel | 'search', ColumnDef[]> = {
  plans: [
    name,
    {
      name: 'Type',
      width: 170,
      render: (row, ctx) =>
        row.kind === 'plan' ? (
          <span>
            {planTypeLabel(row.plan.type)}
            {row.plan.type === 'IMAGE' && ctx.features.backup_arrow_image && (
              <Tooltip content={IMAGE_PLAN_TYPE_TOOLTIP}>
                <Icon icon="info-sign" size={12} className="gap-left" title={IMAGE_PLAN_TYPE_TOOLTIP} />
              </Tooltip>
            )}
          </span>
        ) : null,
    },
    { name: 'Destination', width: 120, render: (row) => (row.kind === 'plan' ? destinationLabel(row.plan.destination) : null) },
    { name: 'Last success', width: 180, render: (row) => (row.kind === 'plan' ? formatDate(row.plan.lastSuccess) : null) },
    { name: 'Tags', width: 200, render: (row) => (row.kind === 'plan' ? tagsFor(planTags(row.plan)) : null) },
  ],
  volumes: [
    {
      name: 'Name',
      width: 240,
      render: (row, ctx) =>
        row.kind === 'volume' ? (
          <span className="name-cell">
            <NameCell row={row} ctx={ctx} />
            <VolumeDetails volume={row.volume} />
          </span>
        ) : null,
    },
    { name: 'Used', width: 110, render: (row) => (row.kind === 'volume' ? formatBytes(row.volume.stats.usedBytes) : null) },
    { name: 'Capacity', width: 110, render: (row) => (row.kind === 'volume' ? formatBytes(row.volume.stats.capacityBytes) : null) },
    {
      name: 'Backup storage',
      width: 220,
      render: (row) =>
        row.kind === 'volume' ? `Local ${formatBytes(row.volume.stats.localBytes)} · Cloud ${formatBytes(row.volume.stats.cloudBytes)}` : null,
    },
    { name: 'Deduplication', width: 130, render: (row) => (row.kind === 'volume' ? formatBytes(row.volume.stats.cloudDeduplicationBytes) : null) },
  ],
  folders: [
    name,
    { name: 'Path', width: 320, render: (row) => (row.kind === 'folder' ? row.folder.path : null) },
    { name: 'Last revision', width: 180, render: (row) => (row.kind === 'folder' ? formatDate(row.folder.latestRevisionCreatedAt) : null) },
    { name: 'Tags', width: 160, render: (row) => (row.kind === 'folder' ? tagsFor(statusTags(row.folder.status), unknownItemStatus(row.folder.status)) : null) },
    actions,
  ],
  files: [
    name,
    { name: 'Size', width: 110, render: (row) => (row.kind === 'item' ? (row.item.type === 'FOLDER' ? '-' : formatBytes(row.item.size)) : null) },
    { name: 'Backup size', width: 110, render: (row) => (row.kind === 'item' ? (row.item.type === 'FOLDER' ? '-' : formatBytes(row.item.backupSize)) : null) },
    { name: 'Modified', width: 180, render: (row) => (row.kind === 'item' ? formatDate(row.item.modified ?? null) : null) },
    { name: 'Tags', width: 160, render: (row) => (row.kind === 'item' ? tagsFor(statusTags(row.item.status), unknownItemStatus(row.item.status)) : null) },
    actions,
  ],
  revisions: [
    { name: 'Date', width: 200, render: (row, ctx) => <NameCell row={row} ctx={ctx} /> },
    { name: 'Type', width: 120, render: (row) => (row.kind === 'revision' ? revisionTypeLabel(row.revision.bldType) : null) },
    { name: 'Size', width: 110, render: (row) => (row.kind === 'revision' ? formatBytes(row.revision.size) : null) },
    { name: 'Backup size', width: 110, render: (row) => (row.kind === 'revision' ? formatBytes(row.revision.backupSize) : null) },
    {
      name: 'Stored',
      width: 120,
      render: (row) => (row.kind === 'revision' ? [row.revision.onS3 && 'Cloud', row.revision.onNas && 'Local'].filter(Boolean).join(' · ') || '-' : null),
    },
    { name: 'Tags', width: 220, render: (row, ctx) => (row.kind === 'revision' ? tagsFor([...planTags(ctx.plan), ...statusTags(ctx.fileStatus)], ctx.fileStatus ? unknownItemStatus(ctx.fileStatus) : null) : null) },
    actions,
  ],
  'mounted-folders': [],
  'mounted-files': [],
  search: [
    name,
    { name: 'Path', width: 300, render: (row) => (row.kind === 'item' ? row.item.path : null) },
    // Each result's own plan: a search from 'All plans' covers every file/folder plan.
    { name: 'Plan', width: 160, render: (row, ctx) => (row.kind === 'item' ? (row.plan?.name ?? ctx.plan?.name ?? '-') : null) },
    { name: 'Size', width: 110, render: (row) => (row.kind === 'item' ? (row.item.type === 'FOLDER' ? '-' : formatBytes(row.item.size)) : null) },
    { name: 'Tags', width: 160, render: (row) => (row.kind === 'item' ? tagsFor(statusTags(row.item.status), unknownItemStatus(row.item.status)) : null) },
    actions,
  ],
};

const mounted: ColumnDef[] = [
  name,
  { name: 'Size', width: 120, render: (row) => (row.kind === 'mounted' ? (row.item.type === 'FOLDER' ? '-' : formatBytes(row.item.size)) : null) },
  { name: 'Modified', width: 180, render: (row) => (row.kind === 'mounted' ? formatDate(row.item.modified) : null) },
  actions,
];
COLUMNS['mounted-folders'] = mounted;
COLUMNS['mounted-files'] = mounted;

export { rowName };
