/**
 * The help panel and help ticket in the main process: help context (branding,
 * tooltip), article search and suggestions by route, technicians, attachments
 * (files picked in the form or pasted into the description, handed over in
 * pieces and uploaded), ticket submission (the uploaded files' tokens, then
 * the ticket; the picked files removed again when it fails), signed
 * attachment URLs cached 55 s for ids this service's uploads were answered
 * with, the academy link and the demo request.
 */
import { AppError, type ErrorCode } from '../../../shared/errors';
import type { OpenExternalResult } from '../../../shared/contract';
import type { AttachmentInfo, AttachmentPreview, HelpContext, HelpTicket, SuggestedArticles, Technician, TicketSubmitResult } from '../../../shared/model/help';
import type { UserInfo } from '../../../shared/model/session';
import { brandedLinkHosts, isAllowedExternalUrl, setBrandedLinkHosts } from '../../../shared/rules/platform/external-links';
import {
  academyAvailable,
  callbackAvailable,
  DEFAULT_HELP_BRANDING,
  HELP_CONSOLE_MESSAGES,
  fillPlaceholders,
  HELP_MESSAGES,
  TICKET_MAX_ATTACHMENTS,
} from '../../../shared/rules/help';
import { ticketBodyWithoutInlineImages } from '../../../shared/rules/help/description';
import { isValidInternationalPhone } from '../../../shared/rules/help/phone';
import { helpRouteOf, matchHelpRoute } from '../../../shared/rules/help/routes';
import type { EventBus } from '../platform/events';
import { SignedAttachments } from '../platform/signed-attachments';
import { StagedUploads, type StagePiece } from '../platform/staged-uploads';
import type { HelpApi } from './help-api';
import { IssuedHelpAttachments } from './issued-attachments';
import { DESCRIPTION_UPLOADS, TICKET_ATTACHMENT_UPLOADS } from './uploads';

/** An attachment id the renderer names that no upload of this identity was answered with. */
export const HELP_ATTACHMENT_NOT_ISSUED_MESSAGE = 'This attachment was not uploaded by you in this console.';

interface HelpServiceOptions {
  api: HelpApi;
  user: () => UserInfo;
  /** The signed-in identity (SessionService.identityScope): the attachment ids its uploads were answered with are its own. */
  scope: () => string | null;
  events: EventBus;
  openExternal?: (url: string) => Promise<void>;
  now?: () => number;
  /** Failures worth a log line (e.g. a demo request that failed silently). */
  log?: (what: string, error: unknown) => void;
}

interface SubmitTicketInput extends Omit<HelpTicket, 'imageTokens'> {
  submissionId: string;
  /** Files picked in the form's file picker, uploaded with `uploadAttachment`: their ids. */
  attachmentFiles?: string[];
  /** Files of the description (pasted or dropped), uploaded with `uploadDescriptionFile`: their ids. */
  descriptionFiles?: string[];
}

export class HelpService {
  private readonly submissions = new Map<string, AbortController>();
  /** Signed URLs of uploaded attachments (cached 55 s) and their image previews. */
  private readonly attachments: SignedAttachments;
  /** The attachment ids this identity's uploads were answered with: the only ones the signed URL channels take. */
  private readonly issued = new IssuedHelpAttachments();
  /** Files pasted or dropped into the description: their bytes, then their upload tokens. */
  private readonly description: StagedUploads;
  /** Files picked in the ticket form's file picker: their bytes, then their upload tokens. */
  private readonly ticketFiles: StagedUploads;

  constructor(private readonly options: HelpServiceOptions) {
    this.attachments = new SignedAttachments({
      signedUrl: (id) => options.api.signedUrl(id),
      download: (url, limits) => options.api.downloadSigned(url, limits),
      now: () => this.now(),
    });
    this.description = new StagedUploads({
      ...DESCRIPTION_UPLOADS,
      upload: (file, onProgress, signal) => options.api.upload(file, onProgress, signal),
      remove: (token) => options.api.deleteUpload(token),
      log: options.log,
    });
    this.ticketFiles = new StagedUploads({
      ...TICKET_ATTACHMENT_UPLOADS,
      upload: (file, onProgress, signal) => options.api.upload(file, onProgress, signal),
      remove: (token) => options.api.deleteUpload(token),
      log: options.log,
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Forgets per-session state (signed URLs, picked files, the ids issued) when the session changes. */
  reset(): void {
    this.attachments.reset();
    this.issued.reset();
    for (const controller of this.submissions.values()) controller.abort();
    this.description.reset();
    this.ticketFiles.reset();
    setBrandedLinkHosts([]);
  }

  async context(): Promise<HelpContext> {
    const { api } = this.options;
    // Help must not break the console: without an answer the defaults apply. A dismissal that cannot be read was never
    // known to happen, so the guide shows (one click puts it away again) rather than staying hidden for good.
    const [branding, tooltipHidden] = await Promise.all([
      api.branding().catch(() => ({ branded: false, help: DEFAULT_HELP_BRANDING })),
      api.tooltipHidden().catch(() => false),
    ]);
    const { branded, help } = branding;
    // A branded installation's topics may link to the partner's own https host, exactly that one.
    setBrandedLinkHosts(branded && help.enabled ? brandedLinkHosts(help.topics) : []);
    return {
      branded,
      branding: help,
      helpEnabled: help.enabled,
      articlesEnabled: !branded || help.ninjaArticlesEnabled,
      submitTicketEnabled: !branded || help.submitTicketEnabled,
      academyEnabled: academyAvailable(this.options.user().features.ninja_academy, help.ninjaOneWorkrampAcademyEnabled),
      tooltipHidden,
    };
  }

  async dismissTooltip(): Promise<{ hidden: true }> {
    try {
      await this.options.api.hideTooltip();
      return { hidden: true };
    } catch (error) {
      throw withMessage(error, HELP_MESSAGES.tooltipSaveFailed);
    }
  }

  async searchArticles(query: string) {
    return { articles: await this.options.api.articles(query.trim()) };
  }

  /** Suggested articles of a console route: the route in the RMM scheme, matched against the route-to-article table. */
  async suggestedArticles(route: string, downloadsOpen = false): Promise<SuggestedArticles> {
    const helpRoute = helpRouteOf(route, { downloadsOpen });
    const match = matchHelpRoute(helpRoute);
    if (!match) return { helpRoute, pattern: null, topic: null, articles: [] };
    const articles = await this.options.api.articles('', [match.topic]);
    return { helpRoute, pattern: match.pattern, topic: match.topic, articles };
  }

  async technicians(): Promise<Technician[]> {
    let roles;
    try {
      roles = await this.options.api.userRoles();
    } catch (error) {
      throw withMessage(error, HELP_MESSAGES.userRolesFailed);
    }
    const byId = new Map<number, Technician>();
    for (const role of roles) {
      if (role.roleType !== 'TECHNICIAN') continue;
      for (const user of role.users) byId.set(user.id, { id: user.id, name: user.name, email: user.email, deleted: user.deleted, permitted: user.permitted });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async submitTicket(input: SubmitTicketInput): Promise<TicketSubmitResult> {
    const { submissionId, attachmentFiles = [], descriptionFiles = [], ...fields } = input;
    if (this.submissions.has(submissionId)) throw new AppError('CONFLICT', 'This help ticket is already being submitted.');
    if (fields.ticketPhoneNumber && !isValidInternationalPhone(fields.ticketPhoneNumber)) throw new AppError('INVALID_INPUT', HELP_MESSAGES.invalidPhone);
    if (attachmentFiles.length > TICKET_MAX_ATTACHMENTS) throw new AppError('INVALID_INPUT', fillPlaceholders(HELP_MESSAGES.attachmentCount, { maxFiles: TICKET_MAX_ATTACHMENTS }));
    // The picked and the description's files are uploaded already: their tokens, or a refusal before anything else is sent.
    const attachmentTokens = this.ticketFiles.tokens(attachmentFiles);
    const descriptionTokens = this.description.tokens(descriptionFiles);
    const controller = new AbortController();
    this.submissions.set(submissionId, controller);
    try {
      this.options.events.emit('help.ticketProgress', { submissionId, stage: 'creating' });
      const ticket: HelpTicket = {
        ...fields,
        // Images travel as uploads, never inlined as data URLs.
        ticketBody: ticketBodyWithoutInlineImages(fields.ticketBody),
        ticketCallback: callbackAvailable(fields.ticketCategory) && fields.ticketCallback,
        imageTokens: [...attachmentTokens, ...descriptionTokens],
      };
      const answer = await this.options.api.createTicket(ticket);
      if (answer.resultCode === 'FAILURE') {
        // The picked files stay uploaded (their cards keep their status); the next try hands them over again.
        this.ticketFiles.forget(attachmentFiles);
        return { status: 'notRegistered', message: HELP_CONSOLE_MESSAGES.notRegistered };
      }
      if (answer.resultCode !== 'SUCCESS' || answer.ticketId === undefined) throw new AppError('SERVER_ERROR', HELP_CONSOLE_MESSAGES.ticketFailed);
      this.ticketFiles.forget(attachmentFiles);
      this.description.forget(descriptionFiles);
      return { status: 'sent', ticketId: answer.ticketId };
    } catch (error) {
      // §8: any other failure removes the attachments already uploaded.
      await Promise.all(attachmentFiles.map((id) => this.ticketFiles.discard(id)));
      if (controller.signal.aborted) throw new AppError('CANCELED', 'The help ticket was canceled.');
      throw error instanceof AppError ? error : withMessage(error, HELP_CONSOLE_MESSAGES.ticketFailed);
    } finally {
      this.submissions.delete(submissionId);
    }
  }

  /**
   * A piece of a file pasted or dropped into the description. The draft keeps
   * its uploaded files when a ticket fails (they are still in the editor's
   * tray for the next try); the renderer discards the ones it drops.
   */
  stageDescriptionFile(piece: StagePiece): { received: number } {
    return this.description.stage(piece);
  }

  /** A piece of a file picked in the ticket form; all its pieces in, `uploadAttachment` checks and uploads it. */
  stageAttachment(piece: StagePiece): { received: number } {
    return this.ticketFiles.stage(piece);
  }

  async uploadAttachment(uploadId: string): Promise<AttachmentInfo> {
    return this.issue(await this.ticketFiles.upload(uploadId));
  }

  discardAttachment(uploadId: string) {
    return this.ticketFiles.discard(uploadId);
  }

  async uploadDescriptionFile(uploadId: string): Promise<AttachmentInfo> {
    return this.issue(await this.description.upload(uploadId));
  }

  /** The renderer is handed this attachment's id: recorded for the signed-in identity, so it may be named back. */
  private issue(attachment: AttachmentInfo): AttachmentInfo {
    const scope = this.options.scope();
    if (scope) this.issued.record(scope, attachment.id);
    return attachment;
  }

  /** Refuses an id this identity's uploads were not answered with, before anything is sent (DESIGN "Security rules"). */
  private checkIssued(id: string): void {
    const scope = this.options.scope();
    if (!scope || !this.issued.has(scope, id)) throw new AppError('INVALID_INPUT', HELP_ATTACHMENT_NOT_ISSUED_MESSAGE);
  }

  discardDescriptionFile(uploadId: string) {
    return this.description.discard(uploadId);
  }

  cancelSubmission(submissionId: string): { canceled: boolean } {
    const controller = this.submissions.get(submissionId);
    controller?.abort();
    return { canceled: controller !== undefined };
  }

  /** A signed URL for an attachment this identity uploaded, reused for 55 s (§7, §9). */
  async attachmentUrl(id: string): Promise<{ signedUrl: string; cached: boolean }> {
    this.checkIssued(id);
    return this.attachments.url(id);
  }

  /**
   * The image of a SUCCESS attachment as a data URL (../platform/signed-attachments.ts):
   * the signed URL (cached 55 s; fetched again once when it turns out
   * expired), at most 5 MiB of jpg/jpeg/png/gif whose first bytes agree. The
   * renderer's CSP allows only data: and blob: images, so it cannot load the
   * signed URL itself.
   */
  async attachmentPreview(id: string): Promise<AttachmentPreview> {
    this.checkIssued(id);
    return this.attachments.preview(id);
  }

  /** The academy: its login URL (absoluteLoginUrl), opened in the system browser when allow-listed. */
  async openAcademy(): Promise<OpenExternalResult> {
    try {
      const context = await this.context();
      if (!context.academyEnabled) throw new AppError('FORBIDDEN', HELP_MESSAGES.academyFailed);
      const url = await this.options.api.academyLoginUrl();
      if (!isAllowedExternalUrl(url)) throw new AppError('FORBIDDEN', HELP_MESSAGES.academyFailed);
      if (!this.options.openExternal) return { opened: false, url };
      await this.options.openExternal(url);
      return { opened: true, url };
    } catch (error) {
      throw withMessage(error, HELP_MESSAGES.academyFailed);
    }
  }

  /** The demo request (§7). Its failure is the caller's to report silently: the confirmation shows anyway. */
  async requestDemo(userName: string, userEmail: string): Promise<{ delivered: boolean }> {
    try {
      await this.options.api.requestDemo(userName.trim(), userEmail.trim());
      return { delivered: true };
    } catch (error) {
      this.options.log?.('help: demo request', error);
      return { delivered: false };
    }
  }
}

/** The spec's message for the situation, keeping the failure's code (offline, expired session...). */
function withMessage(error: unknown, message: string): AppError {
  const code: ErrorCode = error instanceof AppError ? error.code : 'INTERNAL';
  return new AppError(code, message, { cause: error });
}
