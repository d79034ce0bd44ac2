/**
 * The attachments of the triggers the console loaded (spec
 * ticketing-automations-psa.md §4.1): their upload status and their ids are
 * remembered as each trigger is read (the ids also on this identity's record,
 * ../platform/issued-files.ts, kept with the reply drafts), and the renderer may name
 * only those: for a save that keeps them, a signed URL (cached 55 s), an
 * image preview (as the help ticket's, ../platform/signed-attachments.ts) or opening
 * one (./trigger-attachment-open.ts). Any other id is refused before the
 * instance is asked.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { AttachmentPreview } from '../../../shared/model/platform/attachments';
import type { Trigger } from '../../../shared/model/ticketing';
import { ATTACHMENT_MESSAGES, attachmentDisplay } from '../../../shared/rules/platform/attachments';
import type { SessionService } from '../session';
import { downloadSigned, SignedAttachments } from '../platform/signed-attachments';
import type { IssuedFiles } from '../platform/issued-files';
import { text, TICKETING_API_PATHS } from './ticketing-api';
import { openTriggerAttachment, type AttachmentOpening, type OpenedAttachment } from './trigger-attachment-open';

/** How many attachment statuses of loaded triggers are remembered (the oldest are forgotten first). */
const REMEMBERED_ATTACHMENTS = 5000;

/** An attachment id the renderer named that no automation, template or board the console loaded for this identity showed. */
export const TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE = 'This attachment was not in an automation, template or board you loaded.';

interface TriggerAttachmentsOptions {
  session: SessionService;
  /** A trigger read again as the instance answers it now (remembering its attachments): what opening looks the attachment up in. */
  trigger: (id: number) => Promise<Trigger>;
  now?: () => number;
  /** Where an opened attachment is saved and how it is opened; without it, attachments cannot be opened. */
  opening?: AttachmentOpening;
  /** The record of files issued per identity: loaded triggers' attachments go on it. */
  issued?: IssuedFiles;
}

export class TriggerAttachments {
  /** Signed URLs of trigger attachments (cached 55 s) and their image previews. */
  private readonly attachments: SignedAttachments;
  /** The upload status of each attachment of the triggers read, by attachment id (§4.1). */
  private readonly statuses = new Map<string, string | null>();

  constructor(private readonly options: TriggerAttachmentsOptions) {
    this.attachments = new SignedAttachments({
      signedUrl: (id) => this.signedUrl(id),
      download: (url, limits) => downloadSigned(this.options.session.api().baseUrl, url, limits),
      now: options.now,
    });
  }

  /** Forgets the signed URLs and attachment statuses of the last session. */
  reset(): void {
    this.attachments.reset();
    this.statuses.clear();
  }

  /** Keeps the upload status of the trigger's attachments for §4.1's check, and their ids on this identity's record; answers the trigger. */
  remembered(trigger: Trigger): Trigger {
    for (const attachment of trigger.attachments) {
      this.statuses.delete(attachment.id);
      this.statuses.set(attachment.id, attachment.uploadStatus);
    }
    while (this.statuses.size > REMEMBERED_ATTACHMENTS) this.statuses.delete(this.statuses.keys().next().value!);
    const scope = this.options.session.identityScope();
    if (scope && this.options.issued && trigger.attachments.length > 0) {
      try {
        this.options.issued.read(scope, 'trigger', trigger.id, trigger.attachments.map((attachment) => ({ id: attachment.id, name: attachment.name || null })));
      } catch (error) {
        // The trigger is shown either way; after a restart its files are known again once it is loaded.
        console.warn(`Ticketing: the attachments of trigger ${trigger.id} could not be recorded (${error instanceof Error ? error.message : 'error'}).`);
      }
    }
    return trigger;
  }

  /**
   * The renderer names only attachments a trigger loaded for this identity
   * showed (this session, or on its record): any other id is INVALID_INPUT,
   * and nothing is asked of the instance.
   */
  checkIssued(id: string): void {
    if (this.statuses.has(id)) return;
    const scope = this.options.session.identityScope();
    if (scope && this.options.issued?.readFile(scope, 'trigger', id)) return;
    throw new AppError('INVALID_INPUT', TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE);
  }

  /** The demo's GET /ticketing/attachments/{id}/signed-url (§7.1 shows no path): {signedUrl}. */
  private async signedUrl(id: string): Promise<string> {
    return (await this.options.session.api().getJson(TICKETING_API_PATHS.attachmentSignedUrl(id), z.object({ signedUrl: text(4096) }))).signedUrl;
  }

  /**
   * §4.1: a signed URL is fetched only for an attachment a loaded trigger
   * showed (checkIssued) that is not PROCESSING, FAILURE or SUSPICIOUS. One
   * a loaded trigger showed in those states is refused here without asking
   * ('Resource Not Found', as its card says).
   */
  private checkAttachment(id: string): void {
    this.checkIssued(id);
    const status = this.statuses.get(id);
    if (status === undefined || status === null) return;
    const display = attachmentDisplay(status);
    if (display.kind === 'notFound') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound);
    if (display.kind === 'processing') throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.stillProcessing);
  }

  /** A trigger attachment's signed URL, reused for 55 s; a refused one is 'Resource Not Found'. */
  async url(id: string): Promise<{ signedUrl: string; cached: boolean }> {
    this.checkAttachment(id);
    try {
      return await this.attachments.url(id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound, { cause: error });
      throw error;
    }
  }

  /**
   * The image of a trigger attachment as a data URL, fetched through its
   * signed URL with the help ticket's limits (at most 5 MiB of
   * jpg/jpeg/png/gif whose first bytes agree; INVALID_INPUT otherwise);
   * 'Resource Not Found' (NOT_FOUND) when it has no signed URL or content.
   */
  async preview(id: string): Promise<AttachmentPreview> {
    this.checkAttachment(id);
    return this.attachments.preview(id);
  }

  /** §4.1: an attachment of the automation saved through its signed URL and opened (./trigger-attachment-open.ts). */
  async open(triggerId: number, id: string): Promise<OpenedAttachment> {
    const { opening, session } = this.options;
    if (!opening) throw new AppError('INVALID_INPUT', 'Attachments cannot be opened here.');
    return openTriggerAttachment(
      {
        trigger: (trigger) => this.options.trigger(trigger),
        signedUrl: async (attachment, fresh) => (fresh ? this.signedUrl(attachment) : (await this.attachments.url(attachment)).signedUrl),
        download: (url, limits) => downloadSigned(session.api().baseUrl, url, limits),
        origin: () => session.api().baseUrl,
        opening,
      },
      triggerId,
      id,
    );
  }
}
