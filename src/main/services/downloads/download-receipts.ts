/**
 * A receipt for every completed download: `<file name>.receipt.json` and
 * `<file name>.receipt.html` beside the file, or in the receipts folder of the
 * settings. Its facts are the main process's own: the instance's origin the
 * bytes came from, the request's ids, names the main process listed itself
 * (`describe`), the signed-in technician, and the sha256 of the file as
 * written. Receipt names never take another's: " (1)" and so on, as a
 * download's. Writing one never fails the download: a failure is kept on the
 * item and logged.
 */
import { promises as fsp } from 'node:fs';
import { AppError } from '../../../shared/errors';
import { sanitizeFileName } from '../../../shared/rules/platform/file-names';
import type { DownloadReceiptCopy, DownloadReceiptRef, DownloadRequest } from '../../../shared/model/downloads';
import { buildReceipt, receiptHtml, receiptJson, receiptText, type DownloadReceipt, type ReceiptFacts } from '../../../shared/rules/downloads/receipt';
import { downloadReceiptSchema } from '../../../shared/rules/downloads/receipt-schema';
import { saveNewFile } from '../platform/files/saved-file';
import { describeFsError, fsPath } from '../platform/files/paths';
import { readZipEntries } from '../platform/files/zip-directory';
import type { StoredDownload } from './download-store';

/** What the main process knows of a download's source from its own reads (listings, plans, devices); null: not known. */
export interface ReceiptDescription {
  deviceName?: string | null;
  planName?: string | null;
  itemPath?: string | null;
  backupDate?: string | null;
}

export interface ReceiptOptions {
  /** Names and dates the main process read itself for a request (never the renderer's word). */
  describe?: (request: DownloadRequest) => ReceiptDescription;
  /** The signed-in technician; null when not known. */
  technician?: () => { name: string; email: string } | null;
  consoleVersion: string;
}

/** What the download itself says once it is complete. */
export interface CompletedFacts {
  sizeBytes: number;
  sha256: string;
  verified: 'checksum' | 'size' | null;
  /** The instance's URL the bytes came from (only its origin is written). */
  instance: string | null;
}

/** A receipt's JSON is read back up to this size (a zip's listing of 100,000 entries fits). */
const MAX_RECEIPT_BYTES = 64 * 1024 * 1024;

const noMark = async () => undefined;

const RECEIPT_SUFFIX = '.receipt.json';

/** The download's name, shortened when needed so that "<name>.receipt.json" still fits a file name whole. */
function receiptBaseName(fileName: string): string {
  let chars = Array.from(fileName);
  while (chars.length > 1 && !sanitizeFileName(`${chars.join('')}${RECEIPT_SUFFIX}`).endsWith(RECEIPT_SUFFIX)) chars = chars.slice(0, -1);
  return chars.join('').replace(/[. ]+$/u, '');
}

function isZipped(request: DownloadRequest): boolean {
  return request.kind === 'folder' || (request.kind === 'image' && request.type === 'FOLDER');
}

export class DownloadReceipts {
  constructor(
    private readonly options: ReceiptOptions,
    private readonly platform: NodeJS.Platform,
    private readonly log?: (what: string, error: unknown) => void,
  ) {}

  /** The receipt's facts for a completed download. */
  async factsOf(stored: StoredDownload, completed: CompletedFacts): Promise<ReceiptFacts> {
    let described: ReceiptDescription = {};
    try {
      described = this.options.describe?.(stored.request) ?? {};
    } catch (error) {
      this.log?.(`downloads: what is known of ${stored.fileName} could not be read for its receipt`, error);
    }
    let technician: ReceiptFacts['technician'];
    try {
      technician = this.options.technician?.() ?? null;
    } catch {
      technician = null; // Signed out meanwhile: the receipt says the technician is not known.
    }
    return {
      instance: completed.instance,
      request: stored.request,
      deviceName: described.deviceName ?? null,
      planName: described.planName ?? null,
      itemPath: described.itemPath ?? null,
      backupDate: described.backupDate ?? null,
      fileName: stored.fileName,
      localPath: stored.targetPath,
      sizeBytes: completed.sizeBytes,
      sha256: completed.sha256,
      verified: completed.verified,
      announcedSha256: completed.verified === 'checksum' ? stored.checksum : null,
      startedAt: stored.startedAt,
      finishedAt: stored.finishedAt ?? Date.now(),
      technician,
      consoleVersion: this.options.consoleVersion,
      ...(isZipped(stored.request) ? { zip: await readZipEntries(fsPath(stored.targetPath, this.platform)) } : {}),
    };
  }

  /** Writes the receipt of a completed download into `folder` (null: beside the file); never throws. */
  async write(stored: StoredDownload, completed: CompletedFacts, folder: string | null): Promise<DownloadReceiptRef> {
    try {
      const receipt = buildReceipt(await this.factsOf(stored, completed));
      const into = folder ?? stored.folder;
      const json = await this.save(into, `${receiptBaseName(stored.fileName)}${RECEIPT_SUFFIX}`, receiptJson(receipt));
      // The HTML takes the JSON's name (numbered alike when it was), unless that one is taken too.
      let html: { name: string; path: string };
      try {
        html = await this.save(into, json.name.replace(/\.json$/i, '.html'), receiptHtml(receipt));
      } catch (error) {
        // Both or neither: a JSON receipt without its page is not left behind as if it were whole.
        await fsp.unlink(json.path).catch(() => undefined);
        throw error;
      }
      return { jsonPath: json.path, htmlPath: html.path };
    } catch (error) {
      this.log?.(`downloads: the receipt of ${stored.fileName} could not be written`, error);
      const message = error instanceof AppError ? error.message : `The receipt could not be written: ${describeFsError(error)}.`;
      return { error: message };
    }
  }

  /** The receipt of a completed download, read back from its JSON file: for the clipboard. */
  async copy(stored: StoredDownload): Promise<DownloadReceiptCopy> {
    const ref = stored.receipt;
    if (stored.state !== 'completed') throw new AppError('CONFLICT', `${stored.fileName} has not finished downloading.`);
    if (!ref) throw new AppError('NOT_FOUND', `${stored.fileName} has no receipt.`);
    if ('error' in ref) throw new AppError('NOT_FOUND', `${stored.fileName} has no receipt: ${ref.error}`);
    const receipt = await this.read(ref.jsonPath);
    return { json: receiptJson(receipt), text: receiptText(receipt), jsonPath: ref.jsonPath, htmlPath: ref.htmlPath };
  }

  /** Where a receipt's HTML is, for "Open receipt". */
  htmlPath(stored: StoredDownload): string {
    const ref = stored.receipt;
    if (!ref || 'error' in ref) throw new AppError('NOT_FOUND', `${stored.fileName} has no receipt.`);
    return ref.htmlPath;
  }

  private async read(path: string): Promise<DownloadReceipt> {
    let text: string;
    try {
      const stat = await fsp.lstat(fsPath(path, this.platform));
      if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
      if (stat.size > MAX_RECEIPT_BYTES) throw new AppError('IO_ERROR', `The receipt ${path} is too large to read.`);
      text = await fsp.readFile(fsPath(path, this.platform), 'utf8');
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('NOT_FOUND', `The receipt ${path} is no longer there.`);
    }
    try {
      return downloadReceiptSchema.parse(JSON.parse(text)) as DownloadReceipt;
    } catch {
      throw new AppError('IO_ERROR', `The receipt ${path} could not be read: it is not a receipt of this console.`);
    }
  }

  private save(folder: string, name: string, text: string): Promise<{ name: string; path: string }> {
    // The house's safe saving: its own `.part` created exclusively, then renamed to a name that overwrites nothing.
    // A receipt is made here, not downloaded: no "from the internet" mark.
    return saveNewFile({ folder, name, bytes: Buffer.from(text, 'utf8'), origin: '', markFromInternet: noMark, platform: this.platform, log: this.log });
  }
}
