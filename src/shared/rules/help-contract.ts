/**
 * The help channels of the IPC contract (spread into `calls` and `events` of
 * src/shared/contract.ts): zod input schemas and output types for the help
 * panel, help ticket, attachments and demo request.
 */
import { z } from 'zod';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type AttachmentFile,
  type AttachmentInfo,
  type AttachmentPreview,
  type HelpArticle,
  type HelpContext,
  type SuggestedArticles,
  type Technician,
  type TicketProgress,
  type TicketSubmitResult,
} from '../model/help';
import { HELP_CONSOLE_MESSAGES, HELP_MESSAGES, isValidEmail, TICKET_MAX_ATTACHMENTS } from './help';
import {
  DESCRIPTION_CHUNK_BASE64_MAX,
  DESCRIPTION_FILE_MAX_BYTES,
  descriptionCountMessage,
  TICKET_MAX_DESCRIPTION_FILES,
} from './help-description';

/** Phantom marker for an output type: carries a type, nothing at run time. */
function returns<T>(): T {
  return undefined as unknown as T;
}

const noInput = z.strictObject({});

/** An uploaded attachment's id (§3 "Attachment"). */
const attachmentId = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => [...id].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f), 'Invalid attachment id.');

/** A path on this computer, typed or chosen by the technician (checked further in the main process). */
const localFile = z
  .string()
  .trim()
  .min(1, 'Enter the full path of a file on this computer.')
  .max(4096)
  .refine((p) => !p.includes('\0'), 'Invalid file path.');

const email = z.string().trim().max(254).refine(isValidEmail, HELP_CONSOLE_MESSAGES.invalidEmail);

export const submitTicketSchema = z.strictObject({
  submissionId: z.string().uuid(),
  ticketSubject: z.string().trim().min(1, HELP_CONSOLE_MESSAGES.required).max(255),
  ticketBody: z.string().min(1, HELP_CONSOLE_MESSAGES.required).max(200_000),
  ticketPriority: z.enum(TICKET_PRIORITIES),
  // E.164 or nothing; the main process checks it with libphonenumber-js (kept out of the preload's bundle).
  ticketPhoneNumber: z.string().trim().max(40).regex(/^(\+\d{4,20})?$/, HELP_MESSAGES.invalidPhone),
  ticketCategory: z.enum(TICKET_CATEGORIES),
  ticketCallback: z.boolean(),
  ticketCc: z.array(email).max(100),
  attachments: z.array(localFile).max(TICKET_MAX_ATTACHMENTS, `Only ${TICKET_MAX_ATTACHMENTS} attachments are allowed.`),
  /** Files pasted or dropped into the description, uploaded already (issue 11 point 8): the ids the renderer gave them. */
  descriptionFiles: z.array(z.string().uuid()).max(TICKET_MAX_DESCRIPTION_FILES, descriptionCountMessage()).optional(),
});

/** One piece of a description file: base64 of at most 1 MiB, in order (the browser transport reads bodies of at most 2 MiB). */
export const descriptionPieceSchema = z.strictObject({
  uploadId: z.string().uuid(),
  name: z
    .string()
    .min(1)
    .max(255)
    .refine((name) => !/[/\\\0]/.test(name), 'Invalid file name.'),
  size: z.number().int().min(1).max(DESCRIPTION_FILE_MAX_BYTES),
  offset: z.number().int().min(0).max(DESCRIPTION_FILE_MAX_BYTES),
  data: z.string().min(4).max(DESCRIPTION_CHUNK_BASE64_MAX).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Invalid data.'),
});

export const helpCalls = {
  /** Branding, tooltip status and what the panel may show. */
  'help.context': { input: noInput, output: returns<HelpContext>() },
  /** PATCH /appuser/hide-help-tooltip; fails with 'Unable to save help tooltip status'. */
  'help.dismissTooltip': { input: noInput, output: returns<{ hidden: true }>() },
  'help.searchArticles': {
    input: z.strictObject({ query: z.string().trim().min(1).max(500) }),
    output: returns<{ articles: HelpArticle[] }>(),
  },
  /** Articles for the console route on screen (the route-to-article map); `downloadsOpen` when the downloads panel is. */
  'help.suggestedArticles': {
    input: z.strictObject({ route: z.string().max(2048), downloadsOpen: z.boolean().optional() }),
    output: returns<SuggestedArticles>(),
  },
  /** Technicians for the CC picker and @-mentions (from /psa/user-roles); fails with 'Error fetching user roles'. */
  'help.technicians': { input: noInput, output: returns<Technician[]>() },
  /** Electron: the system file dialog. Browser mode: not supported, the renderer shows a path field. */
  'help.chooseAttachments': { input: noInput, output: returns<{ supported: boolean; files: AttachmentFile[] }>() },
  /** Browser mode: a typed path, checked by the main process (exists, a file, size, type). */
  'help.inspectAttachment': { input: z.strictObject({ path: localFile }), output: returns<AttachmentFile>() },
  /** Uploads the attachments from disk, then creates the ticket (progress: the help.ticketProgress event). */
  'help.submitTicket': { input: submitTicketSchema, output: returns<TicketSubmitResult>() },
  /** Issue 11 point 8: a piece of a file pasted or dropped into the description (the main process holds it until uploaded). */
  'help.stageDescriptionFile': { input: descriptionPieceSchema, output: returns<{ received: number }>() },
  /** All its pieces are in: the file check, then the attachment upload; the answer without its token (that stays in the main process). */
  'help.uploadDescriptionFile': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<AttachmentInfo>() },
  /** Removed from the tray, canceled or the draft closed: forgotten, and deleted on the server once uploaded. */
  'help.discardDescriptionFile': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<{ discarded: boolean }>() },
  'help.cancelSubmission': { input: z.strictObject({ submissionId: z.string().uuid() }), output: returns<{ canceled: boolean }>() },
  /** A signed URL for an uploaded attachment (cached 55 s). */
  'help.attachmentUrl': { input: z.strictObject({ id: attachmentId }), output: returns<{ signedUrl: string; cached: boolean }>() },
  /**
   * The image of a SUCCESS attachment as a data URL (the renderer's CSP keeps it from loading the API host's images):
   * the main process takes the signed URL (cached 55 s) and downloads at most 5 MiB of jpg/jpeg/png/gif.
   * Other types are refused (INVALID_INPUT), so is a larger image; a missing one is NOT_FOUND 'Resource Not Found'.
   */
  'help.attachmentPreview': { input: z.strictObject({ id: attachmentId }), output: returns<AttachmentPreview>() },
  /** Opens the academy login URL (feature ninja_academy plus its branding flag); fails with 'Error opening NinjaOne Academy'. */
  'help.openAcademy': { input: noInput, output: returns<{ opened: boolean; url: string }>() },
  /** POST /division/promotion/demoRequest; `delivered: false` when it failed (the confirmation shows anyway). */
  'help.requestDemo': {
    input: z.strictObject({ userName: z.string().trim().min(1, HELP_CONSOLE_MESSAGES.nameRequired).max(200), userEmail: email }),
    output: returns<{ delivered: boolean }>(),
  },
} as const;

export const helpEvents = {
  'help.ticketProgress': returns<TicketProgress>(),
} as const;
