/**
 * A completed download's receipt in the downloads panel: "Copy receipt" (its
 * short plain text to the clipboard) and "Open receipt" (the readable HTML
 * one); and where receipts go, the "Receipts folder" of the download
 * settings (empty: beside each download).
 */
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import type { DownloadItem } from '../../../../shared/model/downloads';
import { appInfoAtom, settingsAtom } from '../../core/session';
import { presentError, showToast, toastSuccess } from '../../core/toaster';
import { chooseDownloadFolder, openDownloadReceipt, readDownloadReceipt, saveDownloadSettings } from './client';

async function copyReceipt(id: string): Promise<void> {
  let text: string;
  try {
    text = (await readDownloadReceipt({ id })).text;
  } catch (error) {
    presentError(error);
    return;
  }
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toastSuccess('Receipt copied');
  } catch {
    presentError('The receipt could not be copied: the clipboard is not available. Use "Open receipt" instead.');
  }
}

async function openReceipt(id: string): Promise<void> {
  try {
    const result = await openDownloadReceipt({ id });
    // Browser mode cannot reach the desktop: say where the receipt is.
    if (!result.opened) showToast({ message: `Receipt saved at ${result.path}`, icon: 'document', timeout: 8000 });
  } catch (error) {
    presentError(error);
  }
}

/** The receipt actions of a completed download; a receipt that could not be written is said instead. */
export function ReceiptActions({ item }: { item: DownloadItem }) {
  if (item.state !== 'completed' || !item.receipt) return null;
  if ('error' in item.receipt) return null;
  return (
    <>
      <Button size="small" icon="clipboard" text="Copy receipt" onClick={() => void copyReceipt(item.id)} />
      <Button size="small" icon="document-share" text="Open receipt" onClick={() => void openReceipt(item.id)} />
    </>
  );
}

/** Why a completed download has no receipt, when writing it failed. */
export function receiptProblem(item: DownloadItem): string | null {
  return item.state === 'completed' && item.receipt && 'error' in item.receipt ? `No receipt: ${item.receipt.error}` : null;
}

/** The receipts folder of the download settings: typed (saved when the field is left) or chosen in the system dialog. */
export function ReceiptsFolderSetting() {
  const [settings, setSettings] = useAtom(settingsAtom);
  const electron = useAtomValue(appInfoAtom)?.mode === 'electron';
  const [text, setText] = useState<string | null>(null);
  if (!settings) return null;
  const saved = settings.receiptsFolder ?? '';
  const save = async (folder: string) => {
    try {
      setSettings(await saveDownloadSettings({ receiptsFolder: folder.trim() === '' ? null : folder }));
      setText(null);
    } catch (error) {
      presentError(error);
    }
  };
  const choose = async () => {
    try {
      const chosen = await chooseDownloadFolder({ current: settings.receiptsFolder ?? undefined });
      if (chosen.folder) await save(chosen.folder);
    } catch (error) {
      presentError(error);
    }
  };
  return (
    <FormGroup className="receipts-folder" label="Receipts folder" labelFor="receipts-folder" helperText="Empty: each receipt goes beside its download.">
      <InputGroup
        id="receipts-folder"
        value={text ?? saved}
        placeholder="Beside each download"
        onValueChange={(value) => setText(value)}
        onBlur={() => {
          if (text !== null && text.trim() !== saved) void save(text);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
        rightElement={electron ? <Button variant="minimal" text="Choose..." onClick={() => void choose()} /> : undefined}
      />
    </FormGroup>
  );
}
