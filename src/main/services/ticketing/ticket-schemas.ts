/**
 * Tolerant reader of the tickets boards list (spec/ticketing-automations-psa.md
 * §3.1's board-column fields and what conditions read; DESIGN "Real
 * instances, not only the demo"). A ticket needs an id, a status and a
 * creation time; everything else the console can do without has a default
 * (null, [], {}, '' or 0), an odd value of an optional field reads as that
 * default, and fields it does not know are dropped. Statuses, priorities,
 * types and the like are kept raw (shown raw when unknown). Times are
 * epoch milliseconds: an instance that sends epoch seconds or ISO dates is
 * read into them. A ticket that still cannot be read fails its item, which
 * the page skips and counts (tolerantPage).
 */
import { z } from 'zod';
import type { Ticket, TicketRef } from '../../../shared/model/ticketing';

export const text = (max: number) => z.string().max(max);

/** Before 1973-03-03 in milliseconds is after year 5000 in seconds: a smaller number is seconds. */
const SECONDS_BELOW = 1e11;

/** A time as epoch milliseconds: a number (seconds scaled up) or an ISO date; anything else fails. */
export const time = z.union([z.number(), z.string().max(100)]).transform((value, ctx): number => {
  const ms = typeof value === 'number' ? (Math.abs(value) < SECONDS_BELOW ? value * 1000 : value) : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a time' });
    return z.NEVER;
  }
  return Math.round(ms);
});

/** An optional value: missing, null or unreadable is `fallback`. */
export function optional<T, F>(schema: z.ZodType<T, unknown>, fallback: F) {
  return schema
    .nullish()
    .transform((value): T | F => value ?? fallback)
    .catch(() => fallback as Awaited<F>);
}

export const optionalText = (max: number) => optional(text(max), null);
const optionalTime = optional(time, null);

const refSchema = z.object({ id: z.number().int(), name: text(500).catch('') }).transform((r): TicketRef => ({ id: r.id, name: r.name }));
const optionalRef = optional(refSchema, null);

/** The organization may say its parent (§9.1 parent_equals). */
const organizationSchema = z
  .object({ id: z.number().int(), name: text(500).catch(''), parentId: z.number().int().nullish().catch(undefined) })
  .transform(({ parentId, ...r }) => (parentId === undefined ? r : { ...r, parentId }));

/** Tags: the readable ones (text up to 200), others left out. */
const tagsSchema = z
  .array(z.unknown())
  .max(1000)
  .transform((tags) => tags.filter((t): t is string => typeof t === 'string' && t.length <= 200));

/** status → entry time; an entry that is not a time is left out. */
const statusSinceSchema = z.record(z.string().max(200), z.unknown()).transform((entries) => {
  const since: Record<string, number> = {};
  for (const [status, value] of Object.entries(entries)) {
    const parsed = time.safeParse(value);
    if (parsed.success) since[status] = parsed.data;
  }
  return since;
});

export const ticketSchema = z
  .object({
    id: z.number().int(),
    status: text(200),
    createTime: time,
    summary: optional(text(2000), ''),
    description: optional(text(200_000), ''),
    priority: optionalText(200),
    severity: optionalText(200),
    type: optionalText(200),
    source: optionalText(200),
    organization: optional(organizationSchema, null),
    location: optionalRef,
    requester: optionalRef,
    assignedAppUser: optionalRef,
    ticketForm: optionalRef,
    device: optionalRef,
    tags: optional(tagsSchema, []),
    lastUpdated: optionalTime,
    lastUpdatedBy: optionalText(500),
    lastUpdatedTimeByAssignee: optionalTime,
    lastUpdatedTimeByRequester: optionalTime,
    solvedTime: optionalTime,
    totalTimeTracked: optional(z.number().min(0), 0),
    agreement: optionalText(500),
    attributes: optional(z.record(z.string().max(200), z.unknown()), {}),
    statusSince: optional(statusSinceSchema, {}),
    assignedTime: optionalTime,
  })
  // A ticket never updated since it was made was last updated when it was made.
  .transform((ticket): Ticket => ({ ...ticket, lastUpdated: ticket.lastUpdated ?? ticket.createTime })) satisfies z.ZodType<Ticket, unknown>;
