/**
 * Opening a loaded automation's attachment (spec/ticketing-automations-psa.md
 * §4.1: a signed URL is fetched only for an attachment that is not
 * PROCESSING, FAILURE or SUSPICIOUS), a PDF or a document the console shows
 * no preview of. The main process does all of it (DESIGN "Security rules":
 * the renderer names only the automation and the attachment, never a URL, a
 * name or a folder): the attachment is looked for in the automation as the
 * instance answers it now, its bytes fetched through its signed URL (no
 * credential sent, bounded), saved by the downloads' rules into the folder
 * downloads go to (a safe name that overwrites nothing, the "from the
 * internet" mark), then opened by the downloads' "Open" rule: anything but a
 * passive type only after a native confirmation; browser mode opens nothing
 * and says where the file is.
 */
import { AppError } from '../../../shared/errors';
import type { Trigger } from '../../../shared/model/ticketing';
import { ATTACHMENT_MESSAGES, attachmentDisplay, TICKET_ATTACHMENT_MAX_BYTES } from '../../../shared/rules/platform/attachments';
import type { MarkFromInternet } from '../platform/files/internet-mark';
import { saveNewFile } from '../platform/files/saved-file';
import { ANY_CONTENT_TYPE, type SignedDownload, type SignedDownloadLimits } from '../platform/signed-attachments';

/** Where an opened attachment is saved and how it is opened (plain values and functions from app-services). */
export interface AttachmentOpening {
  /** The folder downloads go to without a choice: browser mode's downloads root, else the user's Downloads folder. */
  folder: () => string;
  markFromInternet: MarkFromInternet;
  /** The downloads' "Open" (asks first for what is not passive); absent: nothing is opened. */
  open?: (path: string) => Promise<{ opened: boolean }>;
  /** Tests pretend to be another platform. */
  platform?: NodeJS.Platform;
  log?: (what: string, error: unknown) => void;
}

export interface OpenedAttachment {
  /** The name it was saved under (the instance's, made safe, numbered when taken). */
  name: string;
  path: string;
  /** Opened with its default app; false: only saved (browser mode, or the confirmation declined). */
  opened: boolean;
}

/** A whole attachment at most as large as the instance takes one (50 MB), fetched within this time. */
const OPEN_LIMITS: SignedDownloadLimits = { maxBytes: TICKET_ATTACHMENT_MAX_BYTES, accept: [ANY_CONTENT_TYPE], deadlineMs: 10 * 60_000 };

const ATTACHMENT_OPEN_MESSAGES = {
  notOfTrigger: 'This file is not an attachment of the automation.',
} as const;

interface AttachmentOpenDeps {
  /** The automation as the instance answers it now. */
  trigger: (triggerId: number) => Promise<Trigger>;
  /** The attachment's signed URL (cached 55 s); `fresh` asks the instance again (the cached one expired). */
  signedUrl: (id: string, fresh: boolean) => Promise<string>;
  download: (signedUrl: string, limits: SignedDownloadLimits) => Promise<SignedDownload>;
  /** The instance's origin, for the mark. */
  origin: () => string;
  opening: AttachmentOpening;
}

/** The attachment saved and opened (see the header); INVALID_INPUT when it is not one of the automation's, before any signed URL is asked for. */
export async function openTriggerAttachment(deps: AttachmentOpenDeps, triggerId: number, id: string): Promise<OpenedAttachment> {
  const trigger = await deps.trigger(triggerId);
  const attachment = trigger.attachments.find((a) => a.id === id);
  if (!attachment) throw new AppError('INVALID_INPUT', ATTACHMENT_OPEN_MESSAGES.notOfTrigger);
  // §4.1: no signed URL for FAILURE, SUSPICIOUS (no content) or PROCESSING (none yet).
  const display = attachmentDisplay(attachment.uploadStatus ?? '');
  if (display.kind === 'notFound') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound);
  if (display.kind === 'processing') throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.stillProcessing);
  // Taken before the fetch: the session may end meanwhile.
  const origin = deps.origin();
  const { bytes } = await fetchOnce(deps, id).catch((error: unknown) => {
    // The instance has no URL or no content for it (quarantined since, deleted): as its card would say.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound, { cause: error });
    throw error;
  });
  const { opening } = deps;
  const saved = await saveNewFile({ folder: opening.folder(), name: attachment.name, bytes, origin, markFromInternet: opening.markFromInternet, platform: opening.platform, log: opening.log });
  const opened = opening.open ? (await opening.open(saved.path)).opened : false;
  return { ...saved, opened };
}

/** Through the cached signed URL; an expired signature (FORBIDDEN) asks for a new one, once. */
async function fetchOnce(deps: AttachmentOpenDeps, id: string): Promise<SignedDownload> {
  try {
    return await deps.download(await deps.signedUrl(id, false), OPEN_LIMITS);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'FORBIDDEN')) throw error;
    return deps.download(await deps.signedUrl(id, true), OPEN_LIMITS);
  }
}
