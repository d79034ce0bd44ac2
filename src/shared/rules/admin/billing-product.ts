/**
 * Billing products (professional-services forms; spec/help-shared-blocks-editor.md
 * §3, §5 Billing product form, §9 billing limits): the payload a save sends,
 * checked the same way by the form and by the contract. Name required, at
 * most 50; description required, at most 250; price, cost and quantity
 * required; quantity 0..QUANTITY_MAX with a quantity text of at most 250; a
 * product group needs products; a node role is mandatory unless all roles
 * are chosen.
 */
import { z } from 'zod';
import type { BillingProduct, ProductMember } from '../../model/admin';

export const BILLING_LIMITS = { name: 50, description: 250, quantityText: 250 } as const;
/** The quantity stepper's maximum (the spec names a maximum without its value). */
export const QUANTITY_MAX = 100_000;
/** Money has a fixed decimal count (§5): two. */
export const MONEY_DECIMALS = 2;
/** Multipliers use their own decimal count, trailing zeros removed (§5): up to four. */
export const MULTIPLIER_DECIMALS = 4;
const MONEY_MAX = 1_000_000_000;
const MULTIPLIER_MAX = 100;

export const PRODUCT_TYPES = ['PRODUCT', 'GROUP'] as const;
/** Choices the form offers; an instance's other values are kept and shown raw. */
export const BILLING_CHOICES = ['ONE_TIME', 'RECURRING'] as const;
export const TERM_CHOICES = ['MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export const LICENSING_CHOICES = ['PER_DEVICE', 'PER_USER', 'FLAT_FEE'] as const;

export const BILLING_MESSAGES = {
  required: 'Required',
  nameTooLong: `At most ${BILLING_LIMITS.name} characters`,
  descriptionTooLong: `At most ${BILLING_LIMITS.description} characters`,
  quantityTextTooLong: `At most ${BILLING_LIMITS.quantityText} characters`,
  negative: 'Cannot be negative',
  moneyTooHigh: `At most ${MONEY_MAX.toLocaleString('en-US')}`,
  multiplierTooHigh: `At most ${MULTIPLIER_MAX}`,
  quantityOutOfRange: `From 0 to ${QUANTITY_MAX.toLocaleString('en-US')}`,
  groupNeedsProducts: 'A product group needs at least one product.',
  nodeRoleRequired: 'Choose a node role, or apply the product to all roles.',
  /** §8. */
  userRolesFailed: 'Error fetching user roles',
  /** §8: saved searches and node roles. */
  initialDataFailed: 'Error fetching initial data',
} as const;

const recordId = z.number().int().positive().max(2_147_483_647);
const openChoice = z.string().trim().min(1, BILLING_MESSAGES.required).max(50);
const money = z.number({ error: BILLING_MESSAGES.required }).finite().min(0, BILLING_MESSAGES.negative).max(MONEY_MAX, BILLING_MESSAGES.moneyTooHigh);
const multiplier = z.number({ error: BILLING_MESSAGES.required }).finite().min(0, BILLING_MESSAGES.negative).max(MULTIPLIER_MAX, BILLING_MESSAGES.multiplierTooHigh);

/** What a save sends (no id: create; with its id: update). */
export const billingProductPayloadSchema = z
  .strictObject({
    id: recordId.optional(),
    type: z.enum(PRODUCT_TYPES),
    name: z.string().trim().min(1, BILLING_MESSAGES.required).max(BILLING_LIMITS.name, BILLING_MESSAGES.nameTooLong),
    description: z.string().trim().min(1, BILLING_MESSAGES.required).max(BILLING_LIMITS.description, BILLING_MESSAGES.descriptionTooLong),
    price: money,
    cost: money,
    quantity: z.number({ error: BILLING_MESSAGES.required }).int().min(0, BILLING_MESSAGES.quantityOutOfRange).max(QUANTITY_MAX, BILLING_MESSAGES.quantityOutOfRange),
    quantityText: z.string().max(BILLING_LIMITS.quantityText, BILLING_MESSAGES.quantityTextTooLong),
    taxable: z.boolean(),
    billing: openChoice,
    term: openChoice,
    licensingType: openChoice,
    autoRoundTimeEntries: z.boolean(),
    onSiteMultiplier: multiplier,
    remoteMultiplier: multiplier,
    normalHoursMultiplier: multiplier,
    offHoursMultiplier: multiplier,
    userRoles: z.array(recordId).max(500),
    productIds: z.array(recordId).max(500),
    nodeRoleId: recordId.nullable(),
    anyRole: z.boolean(),
    groupIds: z.array(recordId).max(500),
    allGroups: z.boolean(),
  })
  .superRefine((product, ctx) => {
    if (product.type === 'GROUP' && product.productIds.length === 0) ctx.addIssue({ code: 'custom', path: ['productIds'], message: BILLING_MESSAGES.groupNeedsProducts });
    if (!product.anyRole && product.nodeRoleId === null) ctx.addIssue({ code: 'custom', path: ['nodeRoleId'], message: BILLING_MESSAGES.nodeRoleRequired });
  });
export type BillingProductPayload = z.infer<typeof billingProductPayloadSchema>;

// ---- The form's pure rules (§5 Billing product form) ----


export const PRODUCT_TYPE_LABELS: Readonly<Record<(typeof PRODUCT_TYPES)[number], string>> = { PRODUCT: 'Product', GROUP: 'Group' };
export const BILLING_LABELS: Readonly<Record<(typeof BILLING_CHOICES)[number], string>> = { ONE_TIME: 'One time', RECURRING: 'Recurring' };
export const TERM_LABELS: Readonly<Record<(typeof TERM_CHOICES)[number], string>> = { MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', YEARLY: 'Yearly' };
export const LICENSING_LABELS: Readonly<Record<(typeof LICENSING_CHOICES)[number], string>> = { PER_DEVICE: 'Per device', PER_USER: 'Per user', FLAT_FEE: 'Flat fee' };

/** The label of a known choice, the instance's own value raw ('-' when it sent none). */
export function choiceLabel<K extends string>(labels: Readonly<Record<K, string>>, value: string): string {
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as K] : value || '-';
}

/** The choices a select offers: the known ones, and the instance's other value kept (shown raw) so a save sends it back unchanged. */
export function choicesWith<K extends string>(known: readonly K[], labels: Readonly<Record<K, string>>, current: string): Array<{ value: string; label: string }> {
  const offered = known.map((value) => ({ value: value as string, label: labels[value] }));
  return current === '' || (known as readonly string[]).includes(current) ? offered : [...offered, { value: current, label: current }];
}

/** Money in its fixed decimal count (§5): 12.5 → '12.50'. Not a number: ''. */
export function formatMoney(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? amount.toFixed(MONEY_DECIMALS) : '';
}

/** A multiplier in its own decimal count, trailing zeros removed (§5): 1.5 → '1.5', 2 → '2', 1.23456 → '1.2346'. */
export function formatMultiplier(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return value.toFixed(MULTIPLIER_DECIMALS).replace(/\.?0+$/, '');
}

/** Whether a decimal field accepts this text while typing: digits with at most one '.' and at most `decimals` after it ('' too). */
export function acceptsDecimalText(text: string, decimals: number): boolean {
  return new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`).test(text);
}

/** The number a decimal field's text holds, rounded to `decimals`; null when it holds none ('', '.'). */
function parseDecimal(text: string, decimals: number): number | null {
  const trimmed = text.trim();
  if (!/^\d*\.?\d*$/.test(trimmed) || !/\d/.test(trimmed)) return null;
  const factor = 10 ** decimals;
  return Math.round(Number(trimmed) * factor) / factor;
}

/**
 * What a decimal field takes from an edit, typed or pasted: the text as it
 * is while it fits (digits, one '.', at most `decimals` after it; a ','
 * read as the '.'); a number with more decimals ('3.456' pasted into money)
 * rounded to `decimals` (`rounded`: shown formatted at once); null when the
 * text holds no such number (a key that is not one is not taken).
 */
export function decimalEdit(text: string, decimals: number): { text: string; value: number | null; rounded: boolean } | null {
  const normalized = text.trim().replace(',', '.');
  if (acceptsDecimalText(normalized, decimals)) return { text: normalized, value: parseDecimal(normalized, decimals), rounded: false };
  if (/^\d*\.\d+$/.test(normalized)) return { text: normalized, value: parseDecimal(normalized, decimals), rounded: true };
  return null;
}

export const parseMoney = (text: string): number | null => parseDecimal(text, MONEY_DECIMALS);
export const parseMultiplier = (text: string): number | null => parseDecimal(text, MULTIPLIER_DECIMALS);

/** A new product's or group's values: nothing chosen yet, multipliers 1, all roles and any group. */
export function newBillingProduct(type: (typeof PRODUCT_TYPES)[number]): BillingProductPayload {
  return {
    type,
    name: '',
    description: '',
    price: 0,
    cost: 0,
    quantity: 1,
    quantityText: '',
    taxable: false,
    billing: BILLING_CHOICES[0],
    term: TERM_CHOICES[0],
    licensingType: LICENSING_CHOICES[0],
    autoRoundTimeEntries: false,
    onSiteMultiplier: 1,
    remoteMultiplier: 1,
    normalHoursMultiplier: 1,
    offHoursMultiplier: 1,
    userRoles: [],
    productIds: [],
    nodeRoleId: null,
    anyRole: true,
    groupIds: [],
    allGroups: false,
  };
}

/** Whether the console can edit a product of this type (the payload carries PRODUCT_TYPES only: another type would be changed by a save). */
export function isEditableType(type: string): type is (typeof PRODUCT_TYPES)[number] {
  return (PRODUCT_TYPES as readonly string[]).includes(type);
}

/** 'Copy of <name>', cut to the name limit so the copy can be saved as it is. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, BILLING_LIMITS.name);
}

/**
 * The form's values for a product as read (its id kept to update, dropped for
 * a copy, which is named 'Copy of …'); anyRole clears the node role (it is
 * null then). A type this console does not know reads as a product (the
 * screens do not offer to edit one: isEditableType).
 */
export function formOfProduct(product: BillingProduct, copy = false): BillingProductPayload {
  const type = isEditableType(product.type) ? product.type : 'PRODUCT';
  return {
    ...(copy ? {} : { id: product.id }),
    type,
    name: copy ? copyName(product.name) : product.name,
    description: product.description,
    price: product.price,
    cost: product.cost,
    quantity: product.quantity,
    quantityText: product.quantityText,
    taxable: product.taxable,
    billing: product.billing,
    term: product.term,
    licensingType: product.licensingType,
    autoRoundTimeEntries: product.autoRoundTimeEntries,
    onSiteMultiplier: product.onSiteMultiplier,
    remoteMultiplier: product.remoteMultiplier,
    normalHoursMultiplier: product.normalHoursMultiplier,
    offHoursMultiplier: product.offHoursMultiplier,
    userRoles: [...product.userRoles],
    productIds: type === 'GROUP' ? [...product.productIds] : [],
    nodeRoleId: product.anyRole ? null : product.nodeRoleId,
    anyRole: product.anyRole,
    groupIds: [...product.groupIds],
    allGroups: product.allGroups,
  };
}

/** The products a group may hold (admin.billing.members says which), never the group itself; active ones first, then by name. */
export function memberChoices(members: readonly ProductMember[], selfId: number | undefined): ProductMember[] {
  return members
    .filter((member) => member.id !== selfId)
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name));
}

/** A member as the group's list names it: '<name> (inactive)' for an inactive one. */
export function memberLabel(member: ProductMember): string {
  return member.isActive ? member.name : `${member.name} (inactive)`;
}

/**
 * Whether a product is active (§3 isActive): its own flag when the answer
 * carries one, else as the members call reports it (it lists products, not
 * groups); null when neither says.
 */
export function isActiveProduct(product: BillingProduct & { isActive?: unknown }, members: readonly ProductMember[] | undefined): boolean | null {
  if (typeof product.isActive === 'boolean') return product.isActive;
  return members?.find((member) => member.id === product.id)?.isActive ?? null;
}
