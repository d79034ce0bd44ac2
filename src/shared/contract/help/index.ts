/** The help panel, help ticket, attachments and demo request. */
import { z } from 'zod';
import type {
  AttachmentInfo,
  AttachmentPreview,
  HelpArticle,
  HelpContext,
  SuggestedArticles,
  Technician,
  TicketProgress,
  TicketSubmitResult,
} from '../../model/help';
import { HELP_CONSOLE_MESSAGES } from '../../rules/help';
import { attachmentId, attachmentPieceSchema, descriptionPieceSchema, email, submitTicketSchema } from '../../rules/help/schemas';
import { noInput, returns } from '../common';

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
  /** Creates the ticket with the files uploaded already (attachmentFiles, descriptionFiles); progress: the help.ticketProgress event. */
  'help.submitTicket': { input: submitTicketSchema, output: returns<TicketSubmitResult>() },
  /** A piece of a file pasted or dropped into the description (the main process holds it until uploaded). */
  'help.stageDescriptionFile': { input: descriptionPieceSchema, output: returns<{ received: number }>() },
  /** All its pieces are in: the file check, then the attachment upload; the answer without its token (that stays in the main process). */
  'help.uploadDescriptionFile': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<AttachmentInfo>() },
  /** Removed from the tray, canceled or the draft closed: forgotten, and deleted on the server once uploaded. */
  'help.discardDescriptionFile': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<{ discarded: boolean }>() },
  /** A piece of a file picked in the ticket form (the main process holds it until uploaded). */
  'help.stageAttachment': { input: attachmentPieceSchema, output: returns<{ received: number }>() },
  /** All its pieces are in: the file check, then the attachment upload; the answer without its token (that stays in the main process). */
  'help.uploadAttachment': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<AttachmentInfo>() },
  /** Removed from the form or canceled: forgotten, and deleted on the server once uploaded. */
  'help.discardAttachment': { input: z.strictObject({ uploadId: z.string().uuid() }), output: returns<{ discarded: boolean }>() },
  'help.cancelSubmission': { input: z.strictObject({ submissionId: z.string().uuid() }), output: returns<{ canceled: boolean }>() },
  /**
   * A signed URL for an attachment this identity uploaded (cached 55 s). The main process keeps the ids its uploads
   * were answered with; any other id is refused (INVALID_INPUT) before anything is sent.
   */
  'help.attachmentUrl': { input: z.strictObject({ id: attachmentId }), output: returns<{ signedUrl: string; cached: boolean }>() },
  /**
   * The image of a SUCCESS attachment as a data URL (the renderer's CSP keeps it from loading the API host's images):
   * the main process takes the signed URL (cached 55 s) and downloads at most 5 MiB of jpg/jpeg/png/gif.
   * Other types are refused (INVALID_INPUT), so is a larger image and an id this identity's uploads were not answered
   * with; a missing one is NOT_FOUND 'Resource Not Found'.
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
