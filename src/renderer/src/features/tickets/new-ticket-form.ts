/**
 * The New ticket form's rules, pure: its values and the
 * zod schema the form kit checks them with (summary, organization and form
 * required), the `tickets.create` input they make with the description's
 * draft, whether there is anything worth keeping, and the form's fields as
 * kept beside the description's draft (read back tolerantly: a damaged copy
 * gives the defaults, never a broken form).
 */
import { z } from 'zod';
import type { CallInput } from '../../../../shared/contract';
import type { EntityLookup } from '../../../../shared/model/ticketing';
import { REQUIRED_MESSAGE } from '../../../../shared/rules/platform/messages';
import { emptyReplyDraft, isReplyEmpty, type ReplyDraft } from '../../../../shared/rules/tickets/reply';

/** The contract's limit on a summary. */
export const SUMMARY_MAX = 500;

const entity = z.object({ id: z.number().int().positive(), name: z.string(), deleted: z.boolean() });

export const newTicketSchema = z.object({
  summary: z.string().trim().min(1, REQUIRED_MESSAGE).max(SUMMARY_MAX, `At most ${SUMMARY_MAX} characters.`),
  organization: entity.nullable().refine((value) => value !== null, REQUIRED_MESSAGE),
  location: entity.nullable(),
  requester: entity.nullable(),
  /** §6: picked among technicians only. */
  assignee: entity.nullable(),
  /** '' leaves the instance's default (the first status). */
  status: z.string(),
  priority: z.string(),
  severity: z.string(),
  type: z.string(),
  ticketFormId: z.number().int().positive().nullable().refine((value) => value !== null, REQUIRED_MESSAGE),
});

export type NewTicketValues = z.input<typeof newTicketSchema>;

export function emptyNewTicket(): NewTicketValues {
  return { summary: '', organization: null, location: null, requester: null, assignee: null, status: '', priority: '', severity: '', type: '', ticketFormId: null };
}

/** The description as a draft: its html and text (§3.5 ticket editor data). Public: it is what the requester reads. */
export function descriptionDraft(htmlBody: string, body: string): ReplyDraft {
  return { ...emptyReplyDraft(), body, htmlBody, isPublic: true };
}

type CreateTicketInput = CallInput<'tickets.create'>;

/** The `tickets.create` input of checked values; '' means none (the instance's default). */
export function createInput(values: z.output<typeof newTicketSchema>, draftKey: string, draft: ReplyDraft): CreateTicketInput {
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    draftKey,
    summary: values.summary,
    organizationId: values.organization!.id,
    locationId: values.location?.id ?? null,
    requesterId: values.requester?.id ?? null,
    assigneeId: values.assignee?.id ?? null,
    status: orNull(values.status),
    priority: orNull(values.priority),
    severity: orNull(values.severity),
    type: orNull(values.type),
    ticketFormId: values.ticketFormId!,
    draft,
  };
}

/** Whether the form holds nothing of the technician's: then no draft is kept (nothing to offer again). */
export function isBlankNewTicket(values: NewTicketValues, draft: ReplyDraft): boolean {
  const fields = emptyNewTicket();
  const untouched = (Object.keys(fields) as Array<keyof NewTicketValues>).every((key) => (key === 'summary' ? values.summary.trim() === '' : values[key] === fields[key]));
  return untouched && isReplyEmpty(draft);
}

/** Where the form's fields are kept beside the description's draft (the draft store keeps the description). */
export function fieldsStorageKey(draftKey: string): string {
  return `ticket-new-fields:${draftKey}`;
}

const storedEntity = entity.nullable().catch(null);
const storedText = z.string().max(SUMMARY_MAX).catch('');
const storedFields = z.object({
  summary: storedText,
  organization: storedEntity,
  location: storedEntity,
  requester: storedEntity,
  assignee: storedEntity,
  status: storedText,
  priority: storedText,
  severity: storedText,
  type: storedText,
  ticketFormId: z.number().int().positive().nullable().catch(null),
});

/** The fields kept for a draft, each read alone: one that does not read takes its default. */
export function readStoredFields(text: string | null): NewTicketValues {
  if (text === null) return emptyNewTicket();
  try {
    const parsed = storedFields.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : emptyNewTicket();
  } catch {
    return emptyNewTicket();
  }
}

/** How an unsent new ticket is offered again on the home: its summary, or a neutral name. */
export function unsentTitle(fields: NewTicketValues): string {
  return fields.summary.trim() || 'Untitled new ticket';
}

/** The one choice a select keeps, as the lookups name it; a location of another organization does not stay. */
export function withOrganization(values: NewTicketValues, organization: EntityLookup | null): NewTicketValues {
  const same = organization?.id === values.organization?.id;
  return { ...values, organization, location: same ? values.location : null };
}
