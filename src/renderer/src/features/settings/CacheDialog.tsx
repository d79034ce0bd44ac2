/** The offline cache: its size, its limit (least-recently-used listings go first), and "Clear cache". */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Intent, MenuItem, NumericInput } from '@blueprintjs/core';
import { atom, useAtom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { CacheStatus } from '../../../../shared/model/backup/browser';
import { settingsAtom } from '../../core/session';
import { presentError, toastSuccess } from '../../core/toaster';
import { formatBytes } from '../../components/format';
import { countOf } from '../../../../shared/rules/platform/counts';
import { clearCache, readCacheStatus, saveCacheLimit } from './client';

export function CacheDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const [settings, setSettings] = useAtom(settingsAtom);
  const [status, setStatus] = useState<CacheStatus | null>(null);
  // null: show the saved limit; a number: what the technician typed.
  const [typed, setTyped] = useState<number | null>(null);
  const limit = typed ?? settings?.cacheLimitMb ?? 1024;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    readCacheStatus().then(setStatus, (e: unknown) => presentError(e));
  }, [isOpen]);

  const save = async () => {
    setBusy(true);
    try {
      setSettings(await saveCacheLimit({ cacheLimitMb: limit }));
      setTyped(null);
      setStatus(await readCacheStatus());
      toastSuccess('Cache limit saved');
    } catch (error) {
      presentError(error);
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      setStatus(await clearCache());
      toastSuccess('Offline cache cleared');
    } catch (error) {
      presentError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => {
        setTyped(null);
        onClose();
      }}
      title="Offline cache" icon="database">
      <DialogBody>
        {status?.notice && (
          <Callout intent={Intent.WARNING} className="gap">
            {status.notice}
          </Callout>
        )}
        <p data-testid="cache-usage">
          {status
            ? `${formatBytes(status.bytes)} used by ${countOf(status.listings, 'listing')} (${countOf(status.items, 'item')})${status.persistent ? '' : ' — kept in memory only'}`
            : 'Reading...'}
        </p>
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{status?.file}</p>
        {/* NumericInput's buttons point at an id of its own: name the field by aria-labelledby, not by an id. */}
        <FormGroup label={<span id="cache-limit-label">Size limit (MiB)</span>} helperText="When the cache grows past this, the least recently used listings are removed.">
          <NumericInput aria-labelledby="cache-limit-label" min={16} max={100000} value={limit} onValueChange={(value) => setTyped(Number.isFinite(value) ? value : 16)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button intent={Intent.DANGER} icon="trash" onClick={() => void clear()} disabled={busy}>
              Clear cache
            </Button>
            <Button intent={Intent.PRIMARY} onClick={() => void save()} disabled={busy || limit < 16}>
              Save
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

/** Whether the offline cache dialog is open (the profile menu opens it). */
const cacheDialogOpenAtom = atom(false);

export function CacheOverlay() {
  const [open, setOpen] = useAtom(cacheDialogOpenAtom);
  return <CacheDialog isOpen={open} onClose={() => setOpen(false)} />;
}

export function CacheMenuItem() {
  const setOpen = useSetAtom(cacheDialogOpenAtom);
  return <MenuItem text="Offline cache..." icon="database" onClick={() => setOpen(true)} />;
}
