/**
 * Help panel, help ticket and demo request: constants (§9), the message
 * catalogue (§2, §4, §8) and validations (§5) of
 * spec/help-shared-blocks-editor.md, to the letter. Pure: no DOM, no Node.
 */
import type { DemoRequest, HelpBranding, TicketCategory, TicketPriority } from '../../model/help';
import { ATTACHMENT_MESSAGES } from '../platform/attachments';
import { REQUIRED_MESSAGE } from '../platform/messages';

/** The attachment limits, allow-list and checks are platform's (every area uploads attachments); help's files read them from here too. */
export {
  extensionOf,
  FILE_CHECK_BYTES,
  fillPlaceholders,
  isAllowedAttachmentExtension,
  passesFileCheck,
  SIGNED_URL_CACHE_MS,
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_MAX_ATTACHMENTS,
  tooLargeMessage,
  validateAttachmentSelection,
  type AttachmentSelection,
} from '../platform/attachments';

/** §9 */
export const HELP_PANEL_WIDTH = 420;
export const HELP_SEARCH_DELAY_MS = 2000;
export const TICKET_BODY_MAX_LENGTH = 500;
/** §5: related-article search needs at least this many non-space characters. */
const RELATED_ARTICLES_MIN_CHARS = 3;
/** §5: the callback checkbox is hidden for these categories. */
const NO_CALLBACK_CATEGORIES: readonly TicketCategory[] = ['Billing', 'API'];
/** How many related articles the ticket form shows (not given by the spec). */
export const RELATED_ARTICLES_SHOWN = 5;

/** Help branding of an installation that is not branded: everything on, no extra topics. */
export const DEFAULT_HELP_BRANDING: HelpBranding = {
  enabled: true,
  topics: [],
  ninjaArticlesEnabled: true,
  submitTicketEnabled: true,
  ninjaOneWorkrampAcademyEnabled: true,
};

/** The language of the help center (the language-code table of §9 is not shown: English). */
export const HELP_LOCALE = 'en-us';
/** §2.1: help article links use the help center's article prefix. */
export const HELP_CENTER_URL = 'https://ninjarmm.zendesk.com/hc/en-us';
export const HELP_ARTICLE_PREFIX = `${HELP_CENTER_URL}/articles/`;
export const HELP_COMMUNITY_URL = 'https://www.ninjaone.com/community/';

/** The spec's texts, to the letter; `consoleOwn` below are the console's own where the spec gives none. */
export const HELP_MESSAGES = {
  panelTitle: 'Help resources',
  ticketTitle: 'Submit Help ticket',
  guideTitle: 'A smarter way to get help',
  guideBody: 'View suggested help articles wherever you are in the app.',
  noRouteArticles: "We're working on getting articles added for this page...",
  noArticles: 'No articles found',
  searchFailedTitle: 'Something went wrong on our end.',
  searchFailedBody: 'Please try again.',
  tooltipSaveFailed: 'Unable to save help tooltip status',
  academyFailed: 'Error opening NinjaOne Academy',
  submitting: 'Submitting help ticket',
  ticketSent: 'Ticket sent',
  invalidPhone: 'Invalid phone number',
  phonePlaceholder: 'Enter phone number',
  attachmentType: ATTACHMENT_MESSAGES.attachmentType,
  attachmentDuplicate: ATTACHMENT_MESSAGES.attachmentDuplicate,
  attachmentsTooLarge: ATTACHMENT_MESSAGES.attachmentsTooLarge,
  attachmentCount: ATTACHMENT_MESSAGES.attachmentCount,
  attachmentEmpty: ATTACHMENT_MESSAGES.attachmentEmpty,
  callback: 'Request a call from Support Team',
  userRolesFailed: 'Error fetching user roles',
  resourceNotFound: ATTACHMENT_MESSAGES.resourceNotFound,
} as const;

/** Texts the spec describes but does not word. */
export const HELP_CONSOLE_MESSAGES = {
  notRegistered:
    'You have not registered in the NinjaOne Community yet. Please register in the community first, then submit your help ticket again.',
  required: REQUIRED_MESSAGE,
  bodyTooLong: `The description can be at most ${TICKET_BODY_MAX_LENGTH} characters.`,
  nameRequired: 'Enter your name.',
  invalidEmail: 'Enter a valid email address.',
  demoSentTitle: 'Thank you!',
  demoSentBody: 'Your demo request was sent. Our team will contact you shortly.',
  ticketFailed: 'The help ticket could not be sent.',
  /** An attachment the main process no longer holds (canceled, or let go): the form hands it over again at the next submit. */
  attachmentGone: ATTACHMENT_MESSAGES.attachmentGone,
} as const;

export function callbackAvailable(category: TicketCategory | '' | null | undefined): boolean {
  return !category || !NO_CALLBACK_CATEGORIES.includes(category);
}

/** §5: related-article search runs with at least 3 non-space characters and only when not branded. */
export function shouldSearchRelated(text: string, branded: boolean): boolean {
  return !branded && text.replace(/\s+/g, '').length >= RELATED_ARTICLES_MIN_CHARS;
}

interface TicketFormValues {
  subject: string;
  /** The body's text length as the editor counts it. */
  bodyTextLength: number;
  priority: TicketPriority | '';
  category: TicketCategory | '';
  /** The phone problem from the phone input (null when valid or empty). */
  phoneError: string | null;
}

export type TicketFormErrors = Partial<Record<'subject' | 'body' | 'priority' | 'category' | 'phone', string>>;

/** §5: priority, subject, body and category are required; the body is at most 500 characters; the phone must be valid. */
export function validateTicketForm(values: TicketFormValues): TicketFormErrors {
  const errors: TicketFormErrors = {};
  if (!values.subject.trim()) errors.subject = HELP_CONSOLE_MESSAGES.required;
  if (values.bodyTextLength < 1) errors.body = HELP_CONSOLE_MESSAGES.required;
  else if (values.bodyTextLength > TICKET_BODY_MAX_LENGTH) errors.body = HELP_CONSOLE_MESSAGES.bodyTooLong;
  if (!values.priority) errors.priority = HELP_CONSOLE_MESSAGES.required;
  if (!values.category) errors.category = HELP_CONSOLE_MESSAGES.required;
  if (values.phoneError) errors.phone = values.phoneError;
  return errors;
}

/** A pragmatic address check: one '@', a dotted domain, no spaces. */
export function isValidEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text.trim()) && text.trim().length <= 254;
}

/** §5: demo request: name required, email must be valid. */
export function validateDemoRequest(request: DemoRequest): Partial<Record<keyof DemoRequest, string>> {
  const errors: Partial<Record<keyof DemoRequest, string>> = {};
  if (!request.userName.trim()) errors.userName = HELP_CONSOLE_MESSAGES.nameRequired;
  if (!isValidEmail(request.userEmail)) errors.userEmail = HELP_CONSOLE_MESSAGES.invalidEmail;
  return errors;
}

/** §2.3: the backup get-started page. */
export const BACKUP_GET_STARTED_FEATURES = [
  'Full image backup',
  'Document, file and folder backup',
  'Cloud-only, local-only and hybrid storage',
  'End-user self-service file restore',
  'Fast file restore',
  'Bare metal restore',
] as const;

/** Whether the academy link shows: feature ninja_academy plus its branding flag (§6). */
export function academyAvailable(featureEnabled: boolean, brandingFlag: boolean): boolean {
  return featureEnabled && brandingFlag;
}
