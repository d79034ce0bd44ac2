/**
 * Tolerant readers of §7.1's answers (spec/ticketing-automations-psa.md
 * §3.1, §7.1, §9.1): triggers, notification channels, ticket attributes
 * and user lookups (DESIGN "Real instances, not only the demo"). Unknown
 * trigger types, action types, channel types and attribute types pass
 * through raw; what the console can do without (description, columns,
 * sort, attachments, the system flag) has a default; a trigger without an
 * id, a name, a type or with unreadable conditions or actions fails its
 * item, which the list skips and counts. An attachment without an id or a
 * name is left out of its trigger.
 */
import { z } from 'zod';
import type { ConditionRow, NotificationChannel, TicketAttribute, Trigger, TriggerAttachment } from '../../../shared/model/ticketing';
import { attachmentId } from '../../../shared/rules/platform/attachment-schemas';
import { readItems } from '../platform/api/tolerant';

const text = (max: number) => z.string().max(max);

/** Rows keep field, operator, value and metaData; an id a real instance leaves out (or sends as a number) is made one. */
const rowSchema = z.object({
  id: z.union([text(100), z.number().transform(String)]).optional(),
  field: text(200),
  operator: text(100),
  value: z.unknown(),
  metaData: z.unknown().optional(),
});
const rowsOf = (group: 'all' | 'any') =>
  z
    .array(rowSchema)
    .max(1000)
    .nullish()
    .transform((rows) => (rows ?? []).map(({ id, metaData, ...row }, i): ConditionRow => ({ id: id || `${group}-${i}`, ...row, ...(metaData !== undefined ? { metaData } : {}) })));
const conditionsSchema = z
  .object({ all: rowsOf('all'), any: rowsOf('any') })
  .nullish()
  .transform((conditions) => conditions ?? { all: [], any: [] });

/** An action's type is kept as it came (§3.1 lists five; a newer one is shown raw); missing params are none. */
const actionSchema = z.object({
  type: text(100),
  params: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((params) => params ?? {}),
});

const sortSchema = z.object({
  field: text(200),
  direction: z.preprocess((d) => (typeof d === 'string' ? d.toUpperCase() : d), z.enum(['ASC', 'DESC'])),
});

/**
 * §3.5 Attachment: id, uploadStatus and metadata {name, size, contentType}
 * as the instance sends it; the flat shape the console keeps (a version in
 * the history) reads the same. The id must be one the attachment calls
 * accept; an unknown uploadStatus is kept raw.
 */
const metadataSchema = z
  .object({
    name: text(1024).optional().catch(undefined),
    size: z.number().int().nonnegative().optional().catch(undefined),
    contentType: text(200).nullish().catch(undefined),
  })
  .nullish()
  .catch(undefined);
const triggerAttachmentSchema = z
  .object({
    id: z.union([attachmentId, z.number().int().nonnegative().transform(String)]),
    uploadStatus: text(100).nullish().catch(null),
    name: text(1024).optional().catch(undefined),
    size: z.number().int().nonnegative().optional().catch(undefined),
    contentType: text(200).nullish().catch(undefined),
    metadata: metadataSchema,
  })
  .transform((a, ctx): TriggerAttachment => {
    const name = a.metadata?.name || a.name;
    if (!name) {
      ctx.addIssue({ code: 'custom', message: 'An attachment without a name cannot be shown.' });
      return z.NEVER;
    }
    return { id: a.id, name, contentType: a.metadata?.contentType ?? a.contentType ?? null, size: a.metadata?.size ?? a.size ?? 0, uploadStatus: a.uploadStatus ?? null };
  });

export const triggerSchema = z.object({
  id: z.number().int(),
  enabled: z.boolean().catch(false),
  name: text(500),
  description: text(5000).catch(''),
  type: text(100),
  system: z.boolean().catch(false),
  conditions: conditionsSchema,
  actions: z
    .array(actionSchema)
    .max(1000)
    .nullish()
    .transform((actions) => actions ?? []),
  attachments: z
    .array(z.unknown())
    .max(1000)
    .catch([])
    .transform((attachments) => readItems(triggerAttachmentSchema, attachments).items),
  columns: z.array(text(200)).max(1000).catch([]),
  sortBy: z.array(sortSchema).max(100).catch([]),
}) satisfies z.ZodType<Trigger, unknown>;

export const channelSchema = z.object({ id: z.number().int(), name: text(500), type: text(100) }) satisfies z.ZodType<NotificationChannel, unknown>;

/** §3.1 content.values flattened into `values`; an attribute without content has none. */
export const attributeSchema = z
  .object({
    id: z.number().int(),
    attributeType: text(100),
    name: text(500),
    active: z.boolean().catch(true),
    content: z
      .object({ values: z.array(z.object({ id: z.number().int(), name: text(500) })).max(10_000) })
      .nullish()
      .catch(null),
  })
  .transform(({ content, ...attribute }): TicketAttribute => ({ ...attribute, values: content?.values ?? [] }));
