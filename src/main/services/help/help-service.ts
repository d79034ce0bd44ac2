/**
 * The help panel and help ticket in the main process: help context (branding,
 * tooltip), article search and suggestions by route, technicians, local
 * attachments (chosen or typed paths checked here, or files picked in the
 * form and handed over in pieces), ticket submission
 * (uploads, then the ticket; uploads removed again when it fails), signed
 * attachment URLs cached 55 s, the academy link and the demo request.
 */
import { isAbsolute, resolve } from 'node:path';
import { AppError, type ErrorCode } from '../../../shared/errors';
import type { OpenExternalResult } from '../../../shared/contract';
import type {
  AttachmentFile,
  AttachmentPreview,
  HelpContext,
  HelpTicket,
  SuggestedArticles,
  Technician,
  TicketSubmitResult,
  UploadedAttachment,
} from '../../../shared/model/help';
import type { UserInfo } from '../../../shared/model/session';
import { brandedLinkHosts, isAllowedExternalUrl, setBrandedLinkHosts } from '../../../shared/rules/external-links';
import {
  academyAvailable,
  callbackAvailable,
  DEFAULT_HELP_BRANDING,
  HELP_CONSOLE_MESSAGES,
  fillPlaceholders,
  HELP_MESSAGES,
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_MAX_ATTACHMENTS,
  tooLargeMessage,
  validateAttachmentSelection,
} from '../../../shared/rules/help';
import { ticketBodyWithoutInlineImages } from '../../../shared/rules/help-description';
import { isValidInternationalPhone } from '../../../shared/rules/help-phone';
import { helpRouteOf, matchHelpRoute } from '../../../shared/rules/help-routes';
import type { EventBus } from '../events';
import { SignedAttachments } from '../signed-attachments';
import { attachAgainMessage, CHOOSE_WITH_DIALOG_MESSAGE, currentRealPath, inspectAttachmentFile, typedAttachmentPath } from './attachment-files';
import { DESCRIPTION_UPLOADS, StagedUploads, TICKET_ATTACHMENT_UPLOADS, type StagePiece } from '../staged-uploads';
import type { HelpApi } from './help-api';

export interface ChooseFilesOptions {
  title: string;
  /** Extensions without the dot. */
  extensions: readonly string[];
}

export interface HelpServiceOptions {
  api: HelpApi;
  user: () => UserInfo;
  events: EventBus;
  /** The system file dialog (Electron); null when dismissed. Absent in browser mode: paths are typed. */
  chooseFiles?: (options: ChooseFilesOptions) => Promise<string[] | null>;
  /**
   * Browser mode: typed paths are accepted only for files under this folder
   * (the downloads root, issue 10 point 2). Without it and without a dialog, no typed path is accepted.
   */
  attachmentRoot?: string;
  openExternal?: (url: string) => Promise<void>;
  now?: () => number;
  /** Failures worth a log line (e.g. a demo request that failed silently). */
  log?: (what: string, error: unknown) => void;
}

export interface SubmitTicketInput extends Omit<HelpTicket, 'imageTokens'> {
  submissionId: string;
  /** Paths of files chosen in the dialog or checked with `inspectAttachment`. */
  attachments: string[];
  /** Files picked in the form's file picker, uploaded with `uploadAttachment`: their ids. */
  attachmentFiles?: string[];
  /** Files of the description (pasted or dropped), uploaded with `uploadDescriptionFile`: their ids (issue 11 point 8). */
  descriptionFiles?: string[];
}

/** Paths the technician picked; only these may be uploaded (the renderer cannot name arbitrary files). */
const MAX_GRANTED_PATHS = 200;

export class HelpService {
  /** Picked path -> its real location when picked; a file swapped for a symlink since then is refused. */
  private readonly granted = new Map<string, string>();
  private readonly submissions = new Map<string, AbortController>();
  /** Signed URLs of uploaded attachments (cached 55 s) and their image previews. */
  private readonly attachments: SignedAttachments;
  /** Files pasted or dropped into the description: their bytes, then their upload tokens (issue 11 point 8). */
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

  /** Forgets per-session state (signed URLs, picked files) when the session changes. */
  reset(): void {
    this.attachments.reset();
    this.granted.clear();
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
    // Issue 11 point 8: a branded installation's topics may link to the partner's own https host, exactly that one.
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

  private grant(path: string, real: string): void {
    this.granted.delete(path);
    this.granted.set(path, real);
    while (this.granted.size > MAX_GRANTED_PATHS) this.granted.delete(this.granted.keys().next().value!);
  }

  async chooseAttachments(): Promise<{ supported: boolean; files: AttachmentFile[] }> {
    if (!this.options.chooseFiles) return { supported: false, files: [] };
    const paths = await this.options.chooseFiles({ title: 'Attach files', extensions: TICKET_ATTACHMENT_EXTENSIONS });
    const files: AttachmentFile[] = [];
    for (const path of paths ?? []) {
      const real = (await currentRealPath(path)) ?? resolve(path);
      const file = await inspectAttachmentFile(path, real);
      this.grant(file.path, real);
      files.push(file);
    }
    return { supported: true, files };
  }

  /**
   * Browser mode: a typed path, accepted only for an existing file under the
   * root (symlinks resolved first). With a system dialog (Electron), files come
   * only from it. Refusals read the same whether the path exists or not.
   */
  async inspectAttachment(rawPath: string): Promise<AttachmentFile> {
    const root = this.options.attachmentRoot;
    if (this.options.chooseFiles || !root) throw new AppError('FORBIDDEN', CHOOSE_WITH_DIALOG_MESSAGE);
    const { path, real } = await typedAttachmentPath(rawPath, root);
    const file = await inspectAttachmentFile(path, real);
    this.grant(file.path, real);
    return file;
  }

  async submitTicket(input: SubmitTicketInput): Promise<TicketSubmitResult> {
    const { submissionId, attachments: paths, attachmentFiles = [], descriptionFiles = [], ...fields } = input;
    if (this.submissions.has(submissionId)) throw new AppError('CONFLICT', 'This help ticket is already being submitted.');
    if (fields.ticketPhoneNumber && !isValidInternationalPhone(fields.ticketPhoneNumber)) throw new AppError('INVALID_INPUT', HELP_MESSAGES.invalidPhone);
    if (paths.length + attachmentFiles.length > TICKET_MAX_ATTACHMENTS) throw new AppError('INVALID_INPUT', fillPlaceholders(HELP_MESSAGES.attachmentCount, { maxFiles: TICKET_MAX_ATTACHMENTS }));
    // The picked and the description's files are uploaded already: their tokens, or a refusal before anything else is sent.
    const attachmentTokens = this.ticketFiles.tokens(attachmentFiles);
    const descriptionTokens = this.description.tokens(descriptionFiles);
    const files = await this.checkedAttachments(paths);
    const pickedPaths = paths.map((path) => resolve(path));
    const controller = new AbortController();
    this.submissions.set(submissionId, controller);
    const uploaded: UploadedAttachment[] = [];
    try {
      for (const [index, file] of files.entries()) {
        const progress = (percent: number) =>
          this.options.events.emit('help.ticketProgress', { submissionId, stage: 'uploading', index, count: files.length, name: file.name, percent });
        progress(0);
        const attachment = await this.options.api.upload(file, progress, controller.signal);
        uploaded.push(attachment);
        const { token: _token, ...info } = attachment;
        // The card of this file shows the server's uploadStatus while the rest goes on (§4).
        this.options.events.emit('help.ticketProgress', { submissionId, stage: 'uploaded', index, count: files.length, name: file.name, attachment: info });
      }
      if (controller.signal.aborted) throw new AppError('CANCELED', 'The help ticket was canceled.');
      this.options.events.emit('help.ticketProgress', { submissionId, stage: 'creating' });
      const ticket: HelpTicket = {
        ...fields,
        // Issue 11 point 8: images travel as uploads, never inlined as data URLs.
        ticketBody: ticketBodyWithoutInlineImages(fields.ticketBody),
        ticketCallback: callbackAvailable(fields.ticketCategory) && fields.ticketCallback,
        imageTokens: [...uploaded.map((attachment) => attachment.token), ...attachmentTokens, ...descriptionTokens],
      };
      const answer = await this.options.api.createTicket(ticket);
      if (answer.resultCode === 'FAILURE') {
        // As the files read from disk, the picked ones stay uploaded (their cards keep their status); the next try hands them over again.
        this.ticketFiles.forget(attachmentFiles);
        return { status: 'notRegistered', message: HELP_CONSOLE_MESSAGES.notRegistered, attachments: uploaded.map(({ token: _token, ...info }) => info) };
      }
      if (answer.resultCode !== 'SUCCESS' || answer.ticketId === undefined) throw new AppError('SERVER_ERROR', HELP_CONSOLE_MESSAGES.ticketFailed);
      for (const path of pickedPaths) this.granted.delete(path);
      this.ticketFiles.forget(attachmentFiles);
      this.description.forget(descriptionFiles);
      return { status: 'sent', ticketId: answer.ticketId, attachments: uploaded };
    } catch (error) {
      // §8: any other failure removes the attachments already uploaded.
      await this.removeUploads(uploaded);
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

  uploadAttachment(uploadId: string) {
    return this.ticketFiles.upload(uploadId);
  }

  discardAttachment(uploadId: string) {
    return this.ticketFiles.discard(uploadId);
  }

  uploadDescriptionFile(uploadId: string) {
    return this.description.upload(uploadId);
  }

  discardDescriptionFile(uploadId: string) {
    return this.description.discard(uploadId);
  }

  cancelSubmission(submissionId: string): { canceled: boolean } {
    const controller = this.submissions.get(submissionId);
    controller?.abort();
    return { canceled: controller !== undefined };
  }

  /**
   * The picked files, looked at again and read from where they really were
   * when picked. A path that was not picked is refused before anything on disk
   * is touched, so the answer says nothing about what is there (issue 10 point 2).
   */
  private async checkedAttachments(paths: string[]): Promise<AttachmentFile[]> {
    const files: AttachmentFile[] = [];
    for (const raw of paths) {
      const path = isAbsolute(raw) ? resolve(raw) : raw;
      const real = this.granted.get(path);
      if (!real || (await currentRealPath(path)) !== real) throw new AppError('FORBIDDEN', attachAgainMessage(path));
      const file = await inspectAttachmentFile(path, real);
      // Uploaded from the location that was checked, under the name the technician picked.
      files.push({ ...file, path: real });
    }
    const selection = validateAttachmentSelection([], files);
    if (selection.errors.length) throw new AppError('INVALID_INPUT', selection.errors[0]!);
    if (selection.tooLarge.length) throw new AppError('INVALID_INPUT', tooLargeMessage(selection.tooLarge));
    return files;
  }

  private async removeUploads(uploaded: UploadedAttachment[]): Promise<void> {
    await Promise.all(
      uploaded.map((attachment) =>
        this.options.api.deleteUpload(attachment.token).catch((error: unknown) => this.options.log?.('help: removing an uploaded attachment', error)),
      ),
    );
  }

  /** A signed URL for an uploaded attachment, reused for 55 s (§7, §9). */
  attachmentUrl(id: string): Promise<{ signedUrl: string; cached: boolean }> {
    return this.attachments.url(id);
  }

  /**
   * The image of a SUCCESS attachment as a data URL (../signed-attachments.ts):
   * the signed URL (cached 55 s; fetched again once when it turns out
   * expired), at most 5 MiB of jpg/jpeg/png/gif whose first bytes agree. The
   * renderer's CSP allows only data: and blob: images, so it cannot load the
   * signed URL itself.
   */
  attachmentPreview(id: string): Promise<AttachmentPreview> {
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
