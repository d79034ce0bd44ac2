/**
 * The ticketing configuration (spec/help-shared-blocks-editor.md §3
 * "Ticketing configuration (default state)", §4, §6), pure: the default state
 * exactly as listed, the email notification matrix (events × recipients ×
 * technician / end user or contact), and TICKETING_SET_CONFIGURATIONS: a
 * partial payload merged into the current configuration.
 *
 * Where §3 is silent the console chooses, and says so here:
 * - every event has the three recipients (toRequester, toCC, toAssignee);
 * - endUserOrContact of onAssigned and onRemoved (toRequester, toCC) is not
 *   listed as true: it starts false;
 * - timer modes and business-hours days are not enumerated: AUTOMATIC or
 *   MANUAL, and a day with its start and end ('09:00'-'17:00').
 */
import { z } from 'zod';

export const NOTIFICATION_EVENTS = ['onAssigned', 'onRemoved', 'onCCAdded', 'onTicketCreated', 'onTicketUpdated', 'onPrivateComment', 'onPublicComment'] as const;
type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
/** onTicketCreated splits by where the ticket came from. */
export const TICKET_CREATED_SOURCES = ['onEditor', 'onEmail'] as const;
export const RECIPIENTS = ['toRequester', 'toCC', 'toAssignee'] as const;
export type Recipient = (typeof RECIPIENTS)[number];

export interface RecipientFlags {
  technician: boolean;
  /** Absent where §3 says so (the assignee, private comments). */
  endUserOrContact?: boolean;
}
type RecipientSettings = Record<Recipient, RecipientFlags>;
type EmailNotificationSettings = Omit<Record<NotificationEvent, RecipientSettings>, 'onTicketCreated'> & {
  onTicketCreated: Record<(typeof TICKET_CREATED_SOURCES)[number], RecipientSettings>;
};

export const TIMER_MODES = ['AUTOMATIC', 'MANUAL'] as const;
export const WEEK_DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

export interface BusinessDay {
  day: (typeof WEEK_DAYS)[number];
  start: string;
  end: string;
}

export interface TicketingConfiguration {
  enabled: boolean;
  fromEmailDomain: string | null;
  useFromEmailDomain: boolean;
  timerSettings: { enabled: boolean; mode: (typeof TIMER_MODES)[number] | null };
  attachmentSettings: { canAttachFiles: boolean; requireAuthToView: boolean };
  businessHours: { twentyFourSeven: boolean; days: BusinessDay[] };
  emailNotificationSettings: EmailNotificationSettings;
}

/** §3 Health status values. */
export const HEALTH_STATUSES = ['HEALTHY', 'UNHEALTHY', 'NEEDS_ATTENTION', 'UNKNOWN'] as const;

export const EVENT_LABELS: Record<NotificationEvent | 'onTicketCreated.onEditor' | 'onTicketCreated.onEmail', string> = {
  onAssigned: 'Ticket assigned',
  onRemoved: 'Assignee removed',
  onCCAdded: 'CC added',
  onTicketCreated: 'Ticket created',
  'onTicketCreated.onEditor': 'Ticket created in the editor',
  'onTicketCreated.onEmail': 'Ticket created by email',
  onTicketUpdated: 'Ticket updated',
  onPrivateComment: 'Private comment',
  onPublicComment: 'Public comment',
};
export const RECIPIENT_LABELS: Record<Recipient, string> = { toRequester: 'Requester', toCC: 'CC', toAssignee: 'Assignee' };

/** One event's recipients: technician true everywhere; endUserOrContact as given for requester and CC, never for the assignee. */
function recipients(endUser: { toRequester?: boolean; toCC?: boolean }): RecipientSettings {
  const flags = (value: boolean | undefined): RecipientFlags => (value === undefined ? { technician: true } : { technician: true, endUserOrContact: value });
  return { toRequester: flags(endUser.toRequester), toCC: flags(endUser.toCC), toAssignee: { technician: true } };
}

/** §3's default state, exactly. */
export function defaultTicketingConfiguration(): TicketingConfiguration {
  const endUsers = { toRequester: true, toCC: true };
  return {
    enabled: false,
    fromEmailDomain: null,
    useFromEmailDomain: false,
    timerSettings: { enabled: false, mode: null },
    attachmentSettings: { canAttachFiles: false, requireAuthToView: false },
    businessHours: { twentyFourSeven: true, days: [] },
    emailNotificationSettings: {
      onAssigned: recipients({ toRequester: false, toCC: false }),
      onRemoved: recipients({ toRequester: false, toCC: false }),
      onCCAdded: recipients(endUsers),
      onTicketCreated: { onEditor: recipients(endUsers), onEmail: recipients(endUsers) },
      onTicketUpdated: recipients(endUsers),
      onPrivateComment: recipients({}),
      onPublicComment: recipients({ toRequester: false, toCC: true }),
    },
  };
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * TICKETING_SET_CONFIGURATIONS (§4): the payload merged into the current
 * configuration, object by object; arrays and values replace what was there.
 */
export function mergeConfiguration<T>(current: T, patch: unknown): T {
  if (!isPlain(current) || !isPlain(patch)) return (patch === undefined ? current : patch) as T;
  const merged: Plain = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    merged[key] = isPlain(value) && isPlain(merged[key]) ? mergeConfiguration(merged[key], value) : value;
  }
  return merged as T;
}

const flagsSchema = z.strictObject({ technician: z.boolean().optional(), endUserOrContact: z.boolean().optional() });
const recipientsPatch = z.strictObject({ toRequester: flagsSchema.optional(), toCC: flagsSchema.optional(), toAssignee: flagsSchema.optional() });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as hh:mm.');
const FROM_EMAIL_DOMAIN_MAX = 253;
const domain = z
  .string()
  .trim()
  .max(FROM_EMAIL_DOMAIN_MAX)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'Enter a domain such as example.com.');

/** A partial configuration (what a save sends): every part optional, nothing unknown. */
export const configurationPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  fromEmailDomain: domain.nullable().optional(),
  useFromEmailDomain: z.boolean().optional(),
  timerSettings: z.strictObject({ enabled: z.boolean().optional(), mode: z.enum(TIMER_MODES).nullable().optional() }).optional(),
  attachmentSettings: z.strictObject({ canAttachFiles: z.boolean().optional(), requireAuthToView: z.boolean().optional() }).optional(),
  businessHours: z
    .strictObject({
      twentyFourSeven: z.boolean().optional(),
      days: z
        .array(z.strictObject({ day: z.enum(WEEK_DAYS), start: time, end: time }).refine((d) => d.start < d.end, { message: 'The end must be after the start.', path: ['end'] }))
        .max(WEEK_DAYS.length)
        .optional(),
    })
    .optional(),
  emailNotificationSettings: z
    .strictObject({
      onAssigned: recipientsPatch.optional(),
      onRemoved: recipientsPatch.optional(),
      onCCAdded: recipientsPatch.optional(),
      onTicketCreated: z.strictObject({ onEditor: recipientsPatch.optional(), onEmail: recipientsPatch.optional() }).optional(),
      onTicketUpdated: recipientsPatch.optional(),
      onPrivateComment: recipientsPatch.optional(),
      onPublicComment: recipientsPatch.optional(),
    })
    .optional(),
});
export type ConfigurationPatch = z.infer<typeof configurationPatchSchema>;

/** The configuration form's rule: a from-email domain is needed to use it. */
export function configurationProblems(config: TicketingConfiguration): Record<string, string> {
  const problems: Record<string, string> = {};
  if (config.useFromEmailDomain && !config.fromEmailDomain?.trim()) problems.fromEmailDomain = 'Required';
  else if (config.fromEmailDomain?.trim()) {
    const parsed = domain.safeParse(config.fromEmailDomain);
    if (!parsed.success) problems.fromEmailDomain = parsed.error.issues[0]!.message;
  }
  if (config.timerSettings.enabled && !config.timerSettings.mode) problems.timerMode = 'Required';
  if (!config.businessHours.twentyFourSeven && config.businessHours.days.length === 0) problems.days = 'Choose at least one day, or 24/7.';
  for (const day of config.businessHours.days) if (!(day.start < day.end)) problems[`day.${day.day}`] = 'The end must be after the start.';
  return problems;
}

/** What changed from `before` to `after`, as a patch (only the parts that differ). */
export function configurationPatch(before: unknown, after: unknown): unknown {
  if (isPlain(before) && isPlain(after)) {
    const patch: Plain = {};
    for (const key of Object.keys(after)) {
      const part = configurationPatch(before[key], after[key]);
      if (part !== undefined) patch[key] = part;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
}

/**
 * A configuration as an instance answered it, read tolerantly: every part of
 * `shape` (the defaults) takes the answer's value when it has the same kind
 * (a boolean for a boolean, a string or null for a nullable string, an array
 * for the days), else keeps the default; parts the console does not know are
 * left out.
 */
export function readConfiguration(answer: unknown, shape: unknown = defaultTicketingConfiguration()): TicketingConfiguration {
  return readLike(shape, answer) as TicketingConfiguration;
}

function readLike(shape: unknown, value: unknown): unknown {
  if (isPlain(shape)) {
    const source = isPlain(value) ? value : {};
    const out: Plain = {};
    for (const key of Object.keys(shape)) out[key] = readLike(shape[key], source[key]);
    // A flag §3 leaves absent may still come from the instance.
    if ('technician' in shape && typeof source.endUserOrContact === 'boolean') out.endUserOrContact = source.endUserOrContact;
    return out;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return shape;
    return value.filter((d): d is BusinessDay => isPlain(d) && (WEEK_DAYS as readonly unknown[]).includes(d.day) && typeof d.start === 'string' && typeof d.end === 'string').slice(0, WEEK_DAYS.length);
  }
  if (typeof shape === 'boolean') return typeof value === 'boolean' ? value : shape;
  // Nullable strings (the domain, the timer mode).
  return typeof value === 'string' || value === null ? value : shape;
}
