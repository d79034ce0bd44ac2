/**
 * The in-app help panel, help ticket and demo request
 * (spec/help-shared-blocks-editor.md §2.1, §3, §7).
 */

/** The attachment model is platform's (every area uploads and shows attachments); help's files read it from here too. */
export { UPLOAD_STATUSES } from '../platform/attachments';
export type { AttachmentFile, AttachmentInfo, AttachmentPreview, UploadedAttachment, UploadStatus } from '../platform/attachments';

/** Help article (§3): what the article search answers. */
export interface HelpArticle {
  id: number;
  name: string;
  snippet: string;
  html_url: string;
}

/** A help topic a branded installation adds to the resource list (§3 "Help branding"). */
interface HelpBrandingTopic {
  topic: string;
  token: string;
  /** Where it leads: an https URL. */
  action: string;
}

/** Help branding (§3). */
export interface HelpBranding {
  enabled: boolean;
  topics: HelpBrandingTopic[];
  ninjaArticlesEnabled: boolean;
  submitTicketEnabled: boolean;
  ninjaOneWorkrampAcademyEnabled: boolean;
}

/** What the help panel needs to know before it shows anything. */
export interface HelpContext {
  /** The installation is branded: ticket and article features follow the branding flags (§6). */
  branded: boolean;
  branding: HelpBranding;
  /** Help is disabled in branding: the panel and its button are hidden (§2.1). */
  helpEnabled: boolean;
  articlesEnabled: boolean;
  submitTicketEnabled: boolean;
  /** Feature ninja_academy plus its branding flag (§6). */
  academyEnabled: boolean;
  /** The first-time guide tooltip was dismissed (stored on the user). */
  tooltipHidden: boolean;
}

export interface SuggestedArticles {
  /** The console route in the RMM route scheme (e.g. /deviceDashboard/5/backup/browse). */
  helpRoute: string;
  /** The route-to-article pattern it matched, or null (then: "We're working on getting articles added..."). */
  pattern: string | null;
  topic: string | null;
  articles: HelpArticle[];
}

export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** §9, in the spec's order. */
export const TICKET_CATEGORIES = [
  'Activities',
  'Active Directory',
  'Antivirus',
  'API',
  'Automation',
  'Backup',
  'Branding',
  'Billing',
  'Custom Fields',
  'Devices',
  'Groups',
  'Integrations',
  'MDM',
  'Networking',
  'Ninja Mobile',
  'Notification Channels',
  'Organizations',
  'Other',
  'Patch Management',
  'Policies',
  'Remote Tools',
  'Reporting',
  'Ticketing',
  'User Accounts',
  'Virtualization',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** Help ticket (§3): the body of the ticket creation call. */
export interface HelpTicket {
  ticketSubject: string;
  ticketBody: string;
  ticketPriority: TicketPriority;
  ticketPhoneNumber: string;
  ticketCategory: TicketCategory;
  ticketCallback: boolean;
  /** User email addresses. */
  ticketCc: string[];
  /** Upload tokens of the attachments. */
  imageTokens: string[];
}

/** A technician for the CC picker and @-mentions (from /psa/user-roles). */
export interface Technician {
  id: number;
  name: string;
  email: string;
  deleted: boolean;
  /** False when the technician may not see help tickets. */
  permitted: boolean;
}

/** The attachments were uploaded (and shown with their uploadStatus) before the ticket call: the answer names only the ticket. */
export type TicketSubmitResult =
  | { status: 'sent'; ticketId: number }
  /** resultCode FAILURE: treated as not authenticated; the user must register in the community first (§8). */
  | { status: 'notRegistered'; message: string };

/** Progress of one ticket submission: its files are uploaded already, the ticket call is under way. */
export type TicketProgress = { submissionId: string; stage: 'creating' };

/** Demo request (§3). */
export interface DemoRequest {
  userName: string;
  userEmail: string;
}
