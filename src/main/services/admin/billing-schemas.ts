/**
 * Reading billing products and the choices they name tolerantly (DESIGN "Real instances"; spec/help-shared-blocks-editor.md §3 Billing
 * product): numbers may come as text, odd fields fall back (a missing
 * multiplier is 1, a missing amount 0), ids that name nothing readable are
 * left out of their lists, open values (type, billing, term, licensing) are
 * kept raw, texts cleaned and bounded.
 */
import { z } from 'zod';
import type { BillingProduct, NamedChoice, ProductMember } from '../../../shared/model/admin';
import { cleanText, NAME_MAX, TEXT_MAX } from '../../../shared/rules/platform/server-text';
import { flagOf, linesOf, numeric, recordIdSchema, textOf } from '../platform/api/tolerant-fields';

const numberOr = (fallback: number) => z.preprocess(numeric, z.number().finite()).catch(fallback);
const idList = z.unknown().optional().transform((value) => (Array.isArray(value) ? value : []).flatMap((item: unknown) => {
  const candidate = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).id : item;
  const parsed = recordIdSchema.safeParse(candidate);
  return parsed.success ? [parsed.data] : [];
}));
const openValue = (fallback: string) => textOf(50).transform((text) => text || fallback);

const productFields = z.looseObject({
  id: recordIdSchema,
  type: openValue('PRODUCT'),
  name: textOf(NAME_MAX),
  description: linesOf(TEXT_MAX),
  price: numberOr(0),
  cost: numberOr(0),
  quantity: numberOr(0),
  quantityText: textOf(250),
  taxable: flagOf(false),
  billing: openValue('ONE_TIME'),
  term: openValue('MONTHLY'),
  licensingType: openValue('FLAT_FEE'),
  autoRoundTimeEntries: flagOf(false),
  onSiteMultiplier: numberOr(1),
  remoteMultiplier: numberOr(1),
  normalHoursMultiplier: numberOr(1),
  offHoursMultiplier: numberOr(1),
  userRoles: idList,
  productIds: idList,
  nodeRoleId: recordIdSchema.nullable().catch(null),
  anyRole: z.unknown().optional(),
  groupIds: idList,
  allGroups: flagOf(false),
  isActive: flagOf(true),
});

export const productSchema: z.ZodType<BillingProduct & { isActive: boolean }> = productFields.transform((p) => {
  const { anyRole, ...rest } = p;
  // Without a flag, a product with no node role applies to all roles (§5: a node role is mandatory unless all roles are chosen).
  const all = typeof anyRole === 'boolean' ? anyRole : anyRole === 'true' ? true : anyRole === 'false' ? false : p.nodeRoleId === null;
  return { ...rest, name: p.name || `Product ${p.id}`, type: p.type.toUpperCase(), anyRole: all } as BillingProduct & { isActive: boolean };
});

/** The product as the model carries it (isActive shown in the list; not part of a save's payload). */
export function productOf(read: BillingProduct & { isActive: boolean }): BillingProduct {
  const { id, type, name, description, price, cost, quantity, quantityText, taxable, billing, term, licensingType, autoRoundTimeEntries } = read;
  const { onSiteMultiplier, remoteMultiplier, normalHoursMultiplier, offHoursMultiplier, userRoles, productIds, nodeRoleId, anyRole, groupIds, allGroups } = read;
  return { id, type, name, description, price, cost, quantity, quantityText, taxable, billing, term, licensingType, autoRoundTimeEntries, onSiteMultiplier, remoteMultiplier, normalHoursMultiplier, offHoursMultiplier, userRoles, productIds, nodeRoleId, anyRole, groupIds, allGroups, isActive: read.isActive };
}

export function memberOf(read: BillingProduct & { isActive: boolean }): ProductMember {
  return { id: read.id, type: read.type, name: read.name, isActive: read.isActive };
}

export const namedChoiceSchema: z.ZodType<NamedChoice> = z
  .looseObject({ id: recordIdSchema, name: z.unknown().optional() })
  .transform((c) => ({ id: c.id, name: typeof c.name === 'string' && c.name.trim() ? cleanText(c.name, NAME_MAX) : `#${c.id}` }));
