/**
 * What both PSA settings pages share: the "never map" marks of one PSA (the
 * console's own, per signed-in identity), a mapping save previewed first
 * (nothing is written before the preview is confirmed),
 * and a call on a button of its own (a settings save, the refresh).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PsaKind } from '../../../../shared/model/psa/views';
import type { MappingChange } from '../../../../shared/rules/psa/diff';
import { presentError, toastSuccess } from '../../core/toaster';
import { readNeverMap, setNeverMap } from './client';

export interface NeverMap {
  keys: ReadonlySet<number | string>;
  set(key: number | string, on: boolean): void;
}

export function useNeverMap(kind: PsaKind): NeverMap {
  const [keys, setKeys] = useState<ReadonlySet<number | string>>(new Set());
  useEffect(() => {
    let live = true;
    readNeverMap({ kind }).then(
      (ids) => live && setKeys(new Set(ids)),
      (error: unknown) => presentError(error, { key: `psa-never-map-${kind}` }),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  const set = useCallback(
    (key: number | string, on: boolean) => {
      if (typeof key !== 'number') return;
      setNeverMap({ kind, clientId: key, on }).then(
        (ids) => setKeys(new Set(ids)),
        (error: unknown) => presentError(error, { key: `psa-never-map-${kind}` }),
      );
    },
    [kind],
  );
  return { keys, set };
}

/** A save waiting for its preview to be confirmed. */
export interface PendingSave {
  changes: MappingChange[];
  warning: string | null;
  save(): Promise<void>;
}

export function usePreviewedSave() {
  const [pending, setPending] = useState<PendingSave | null>(null);
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      await pending.save();
      setPending(null);
    } catch {
      // The save said why; the preview stays for another try or Cancel.
    } finally {
      setSaving(false);
    }
  };
  return { pending, saving, ask: setPending, cancel: () => setPending(null), confirm };
}

/**
 * A call on a button of its own (a settings save, 'Refresh ConnectWise
 * Data'): `busy` while it runs; then `success` (a toast under `key`) and
 * `after` (mark saved, read again), or the failure presented under `key`,
 * or as `failed` words it (§8.3's sentences).
 */
export function useAction(key: string, failed: (error: unknown) => void = (error) => presentError(error, { key })) {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, success: string, after: () => void) => {
    setBusy(true);
    try {
      await call();
      toastSuccess(success, key);
      after();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
