/**
 * The downloads panel: every download with its name, size, progress, speed,
 * time left and state; pause, resume, cancel, retry, open and show in folder,
 * copy and open its receipt; overall progress; the parallel and bandwidth
 * limits, the bandwidth windows and the speed limit in force now, and the
 * receipts folder.
 */
import './downloads.css';
import {
  Button,
  ButtonGroup,
  Classes,
  DrawerSize,
  FormGroup,
  HTMLSelect,
  Icon,
  Intent,
  NumericInput,
  ProgressBar,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { memo, useState } from 'react';
import type { DownloadItem, DownloadState } from '../../../../shared/model/downloads';
import { MAX_UNKNOWN_SIZE_GB_RANGE, PARALLEL_DOWNLOADS_MAX } from '../../../../shared/model/settings';
import { BANDWIDTH_LIMIT_MAX_KBPS } from '../../../../shared/rules/downloads';
import { settingsAtom } from '../../core/session';
import { showToast, presentError } from '../../core/toaster';
import { formatBytes } from '../../components/format';
import { SidePanel } from '../../components/SidePanel';
import { StateMessage } from '../../components/StateMessage';
import {
  cancelDownload,
  clearFinishedDownloads,
  openDownload,
  pauseDownload,
  removeDownload,
  resumeDownload,
  retryDownload,
  saveDownloadSettings,
  showDownloadInFolder,
} from './client';
import { BandwidthWindowsDialog, SpeedLimitNow } from './BandwidthWindows';
import { activeDownloadsAtom, downloadListAtom, downloadsPanelOpenAtom } from './downloads-state';
import { ReceiptActions, receiptProblem, ReceiptsFolderSetting } from './receipts';

const STATE_LABELS: Record<DownloadState, string> = {
  queued: 'Queued',
  downloading: 'Downloading',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
};

const STATE_INTENTS: Record<DownloadState, Intent> = {
  queued: Intent.NONE,
  downloading: Intent.PRIMARY,
  paused: Intent.WARNING,
  completed: Intent.SUCCESS,
  failed: Intent.DANGER,
  canceled: Intent.NONE,
};

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function progressText(item: DownloadItem): string {
  const size = item.totalBytes !== null ? `${formatBytes(item.receivedBytes)} of ${formatBytes(item.totalBytes)}` : formatBytes(item.receivedBytes);
  if (item.state === 'completed') return `${formatBytes(item.totalBytes ?? item.receivedBytes)}${item.verified === 'checksum' ? ' · checksum verified' : ''}`;
  if (item.state !== 'downloading') return size;
  const speed = item.bytesPerSecond > 0 ? ` · ${formatBytes(item.bytesPerSecond)}/s` : '';
  const eta = item.etaSeconds !== null ? ` · ${formatDuration(item.etaSeconds)} left` : '';
  return `${size}${speed}${eta}`;
}

async function act(action: (input: { id: string }) => Promise<unknown>, id: string) {
  try {
    await action({ id });
  } catch (error) {
    presentError(error);
  }
}

async function reveal(action: (input: { id: string }) => Promise<{ opened: boolean; path: string }>, id: string) {
  try {
    const result = await action({ id });
    // Browser mode cannot reach the desktop: say where the file is.
    if (!result.opened) showToast({ message: `Saved at ${result.path}`, icon: 'folder-open', timeout: 8000 });
  } catch (error) {
    presentError(error);
  }
}

export const DownloadRow = memo(function DownloadRow({ item }: { item: DownloadItem }) {
  const fraction = item.totalBytes ? item.receivedBytes / item.totalBytes : item.state === 'completed' ? 1 : 0;
  const running = item.state === 'downloading' || item.state === 'queued';
  return (
    <li className="download-row" data-testid="download-row" data-state={item.state} data-file-name={item.fileName}>
      <div className="download-title">
        <Icon icon={item.request.kind === 'folder' || (item.request.kind === 'image' && item.request.type === 'FOLDER') ? 'compressed' : 'document'} />
        <Tooltip content={item.targetPath} placement="top-start">
          <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} download-name`}>{item.fileName}</span>
        </Tooltip>
        <Tag minimal intent={STATE_INTENTS[item.state]} data-testid="download-state">
          {STATE_LABELS[item.state]}
        </Tag>
      </div>
      <ProgressBar
        value={Math.min(1, fraction)}
        intent={STATE_INTENTS[item.state]}
        animate={item.state === 'downloading'}
        stripes={item.state === 'downloading' || item.state === 'queued'}
        aria-label={`Progress of ${item.fileName}`}
      />
      <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} download-progress`} data-testid="download-progress">
        {progressText(item)}
      </div>
      {item.note && <div className={`${Classes.TEXT_SMALL} download-note`}>{item.note}</div>}
      {item.error && (
        <div className={`${Classes.TEXT_SMALL} download-error`} role="alert">
          {item.error.message}
        </div>
      )}
      {receiptProblem(item) && <div className={`${Classes.TEXT_SMALL} download-note`}>{receiptProblem(item)}</div>}
      <ButtonGroup variant="minimal" className="download-actions">
        {running && <Button size="small" icon="pause" text="Pause" onClick={() => void act(pauseDownload, item.id)} />}
        {item.state === 'paused' && <Button size="small" icon="play" text="Resume" onClick={() => void act(resumeDownload, item.id)} />}
        {(item.state === 'failed' || item.state === 'canceled') && (
          <Button size="small" icon="refresh" text="Retry" onClick={() => void act(retryDownload, item.id)} />
        )}
        {item.state === 'completed' && (
          <>
            <Button size="small" icon="document-open" text="Open" onClick={() => void reveal(openDownload, item.id)} />
            <Button size="small" icon="folder-open" text="Show in folder" onClick={() => void reveal(showDownloadInFolder, item.id)} />
            <ReceiptActions item={item} />
          </>
        )}
        {(running || item.state === 'paused' || item.state === 'failed') && (
          <Button size="small" icon="cross" text="Cancel" intent={Intent.DANGER} onClick={() => void act(cancelDownload, item.id)} />
        )}
        {(item.state === 'completed' || item.state === 'canceled') && (
          <Button size="small" icon="trash" aria-label={`Remove ${item.fileName} from the list`} onClick={() => void act(removeDownload, item.id)} />
        )}
      </ButtonGroup>
    </li>
  );
});

type LimitPatch = { parallelDownloads?: number; downloadLimitKBps?: number; maxUnknownSizeGb?: number };

/** A number typed freely and saved when the field is left (or Enter), clamped to its range. */
function NumberSetting(props: { id: string; label: string; value: number; min: number; max: number; stepSize: number; onSave(value: number): void }) {
  const [text, setText] = useState<string | null>(null);
  return (
    // Blueprint's NumericInput points its buttons' aria-controls at an id of its own, which an `id` prop replaces on the
    // input: keep its id and name the field by aria-labelledby (valid aria-controls).
    <FormGroup label={<span id={`${props.id}-label`}>{props.label}</span>}>
      <NumericInput
        aria-labelledby={`${props.id}-label`}
        min={props.min}
        max={props.max}
        stepSize={props.stepSize}
        majorStepSize={props.stepSize * 4}
        value={text ?? String(props.value)}
        onValueChange={(_value, typed) => setText(typed)}
        onBlur={() => {
          if (text === null) return;
          const value = Math.min(props.max, Math.max(props.min, Math.round(Number(text) || props.min)));
          setText(null);
          props.onSave(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
        style={{ width: 100 }}
      />
    </FormGroup>
  );
}

function Limits() {
  const [settings, setSettings] = useAtom(settingsAtom);
  const [editingWindows, setEditingWindows] = useState(false);
  if (!settings) return null;
  const save = async (patch: LimitPatch) => {
    try {
      setSettings(await saveDownloadSettings(patch));
    } catch (error) {
      presentError(error);
    }
  };
  return (
    <div className="download-limits">
      <FormGroup label="At once" labelFor="parallel-downloads">
        <HTMLSelect
          id="parallel-downloads"
          value={settings.parallelDownloads}
          onChange={(e) => void save({ parallelDownloads: Number(e.currentTarget.value) })}
          options={Array.from({ length: PARALLEL_DOWNLOADS_MAX }, (_, i) => ({ label: String(i + 1), value: i + 1 }))}
        />
      </FormGroup>
      <NumberSetting
        id="download-limit"
        label="Bandwidth limit (KB/s, 0 = none)"
        value={settings.downloadLimitKBps}
        min={0}
        max={BANDWIDTH_LIMIT_MAX_KBPS}
        stepSize={256}
        onSave={(value) => void save({ downloadLimitKBps: value })}
      />
      {/* A download whose size the server does not tell stops here, its .part kept. */}
      <NumberSetting
        id="unknown-size-limit"
        label="Unknown size limit (GB)"
        value={settings.maxUnknownSizeGb}
        min={MAX_UNKNOWN_SIZE_GB_RANGE.min}
        max={MAX_UNKNOWN_SIZE_GB_RANGE.max}
        stepSize={16}
        onSave={(value) => void save({ maxUnknownSizeGb: value })}
      />
      <div className="download-windows">
        <SpeedLimitNow />
        <Button
          size="small"
          icon="time"
          text={settings.bandwidthWindows.length > 0 ? `Bandwidth windows (${settings.bandwidthWindows.length})...` : 'Bandwidth windows...'}
          onClick={() => setEditingWindows(true)}
        />
      </div>
      {editingWindows && <BandwidthWindowsDialog onClose={() => setEditingWindows(false)} />}
      <ReceiptsFolderSetting />
    </div>
  );
}

export function DownloadsPanel() {
  const [isOpen, setOpen] = useAtom(downloadsPanelOpenAtom);
  const items = useAtomValue(downloadListAtom);
  const active = useAtomValue(activeDownloadsAtom);
  const known = active.filter((d) => d.totalBytes);
  const total = known.reduce((n, d) => n + (d.totalBytes ?? 0), 0);
  const received = known.reduce((n, d) => n + d.receivedBytes, 0);
  const finished = items.filter((d) => d.state === 'completed' || d.state === 'failed' || d.state === 'canceled').length;

  const clearFinished = async () => {
    try {
      await clearFinishedDownloads();
    } catch (error) {
      presentError(error);
    }
  };

  return (
    <SidePanel isOpen={isOpen} onClose={() => setOpen(false)} title="Downloads" icon="download" size={DrawerSize.SMALL} className="downloads-drawer">
      <div className={`${Classes.DRAWER_BODY} downloads-body`}>
        {active.length > 0 && (
          <div className="downloads-overall" data-testid="downloads-overall">
            <span>
              {active.length} active · {formatBytes(received)} of {formatBytes(total)}
            </span>
            <ProgressBar value={total ? received / total : 0} intent={Intent.PRIMARY} aria-label="Overall download progress" />
          </div>
        )}
        {items.length === 0 ? (
          <StateMessage level={3} icon="download" title="No downloads" description="Download files, folders or image content from a device's backup browser." />
        ) : (
          <ul className="download-list" aria-label="Downloads">
            {[...items].reverse().map((item) => (
              <DownloadRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </div>
      <div className={`${Classes.DRAWER_FOOTER} downloads-footer`}>
        <Limits />
        <Button text="Clear finished" icon="clean" disabled={finished === 0} onClick={() => void clearFinished()} />
      </div>
    </SidePanel>
  );
}

/** The header button: opens the panel; shows how many downloads run. */
export function DownloadsButton() {
  const [, setOpen] = useAtom(downloadsPanelOpenAtom);
  const active = useAtomValue(activeDownloadsAtom);
  return (
    <Button
      variant="minimal"
      icon="download"
      onClick={() => setOpen(true)}
      // The visible count is part of the name (axe label-content-name-mismatch).
      aria-label={active.length > 0 ? `Downloads: ${active.length} active` : 'Downloads'}
      data-testid="downloads-button"
    >
      {active.length > 0 && (
        <Tag round intent={Intent.PRIMARY} className="gap-left">
          {active.length}
        </Tag>
      )}
    </Button>
  );
}
