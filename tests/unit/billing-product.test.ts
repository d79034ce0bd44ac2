/**
 * Billing products' pure rules (help spec §5 Billing product
 * form, §9 billing limits): the payload schema's §5 rules, the money and
 * multiplier formats, the form's values for a product, a copy and a new one,
 * choices kept raw, a group's member choices and the route of the form.
 */
import { describe, expect, it } from 'vitest';
import type { BillingProduct, ProductMember } from '../../src/shared/model/admin';
import {
  acceptsDecimalText,
  BILLING_MESSAGES,
  billingProductPayloadSchema,
  choiceLabel,
  choicesWith,
  copyName,
  decimalEdit,
  formatMoney,
  formatMultiplier,
  formOfProduct,
  isActiveProduct,
  isEditableType,
  LICENSING_CHOICES,
  LICENSING_LABELS,
  memberChoices,
  memberLabel,
  newBillingProduct,
  parseMoney,
  parseMultiplier,
  QUANTITY_MAX,
  TERM_LABELS,
  type BillingProductPayload,
} from '../../src/shared/rules/admin/billing-product';
import { billingTargetOf } from '../../src/renderer/src/features/admin/billing/billing-route';

const valid = (): BillingProductPayload => ({ ...newBillingProduct('PRODUCT'), name: 'Server monitoring', description: 'Monitoring of one server.' });

/** The message the schema gives a field, or undefined when the payload passes there. */
function messageAt(payload: unknown, field: string): string | undefined {
  const parsed = billingProductPayloadSchema.safeParse(payload);
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('the §5 rules of the payload', () => {
  it('passes a complete new product (all roles: no node role needed)', () => {
    expect(billingProductPayloadSchema.safeParse(valid()).success).toBe(true);
  });

  it('requires a name of at most 50 characters', () => {
    expect(messageAt({ ...valid(), name: '   ' }, 'name')).toBe(BILLING_MESSAGES.required);
    expect(messageAt({ ...valid(), name: 'x'.repeat(50) }, 'name')).toBeUndefined();
    expect(messageAt({ ...valid(), name: 'x'.repeat(51) }, 'name')).toBe('At most 50 characters');
  });

  it('requires a description of at most 250 characters', () => {
    expect(messageAt({ ...valid(), description: '' }, 'description')).toBe(BILLING_MESSAGES.required);
    expect(messageAt({ ...valid(), description: 'd'.repeat(250) }, 'description')).toBeUndefined();
    expect(messageAt({ ...valid(), description: 'd'.repeat(251) }, 'description')).toBe('At most 250 characters');
  });

  it('requires price, cost and quantity (an emptied field holds null)', () => {
    for (const field of ['price', 'cost', 'quantity']) expect(messageAt({ ...valid(), [field]: null }, field)).toBe(BILLING_MESSAGES.required);
    expect(messageAt({ ...valid(), price: -1 }, 'price')).toBe(BILLING_MESSAGES.negative);
  });

  it('keeps the quantity from 0 to its maximum, and its text to 250', () => {
    expect(messageAt({ ...valid(), quantity: 0 }, 'quantity')).toBeUndefined();
    expect(messageAt({ ...valid(), quantity: QUANTITY_MAX }, 'quantity')).toBeUndefined();
    expect(messageAt({ ...valid(), quantity: QUANTITY_MAX + 1 }, 'quantity')).toBe(BILLING_MESSAGES.quantityOutOfRange);
    expect(messageAt({ ...valid(), quantity: -1 }, 'quantity')).toBe(BILLING_MESSAGES.quantityOutOfRange);
    expect(messageAt({ ...valid(), quantityText: 'q'.repeat(251) }, 'quantityText')).toBe('At most 250 characters');
  });

  it('refuses a product group without products', () => {
    const group = { ...valid(), type: 'GROUP' as const };
    expect(messageAt(group, 'productIds')).toBe(BILLING_MESSAGES.groupNeedsProducts);
    expect(messageAt({ ...group, productIds: [3, 5] }, 'productIds')).toBeUndefined();
    // A plain product needs none.
    expect(messageAt(valid(), 'productIds')).toBeUndefined();
  });

  it('makes the node role mandatory unless all roles are chosen', () => {
    expect(messageAt({ ...valid(), anyRole: false, nodeRoleId: null }, 'nodeRoleId')).toBe(BILLING_MESSAGES.nodeRoleRequired);
    expect(messageAt({ ...valid(), anyRole: false, nodeRoleId: 4 }, 'nodeRoleId')).toBeUndefined();
    expect(messageAt({ ...valid(), anyRole: true, nodeRoleId: null }, 'nodeRoleId')).toBeUndefined();
  });
});

describe('money and multipliers (§5: fixed decimals; multipliers trailing zeros removed)', () => {
  it('shows money with two fixed decimals', () => {
    expect(formatMoney(12.5)).toBe('12.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(1234)).toBe('1234.00');
    expect(formatMoney(0.005)).toBe('0.01');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });

  it('shows multipliers in up to four decimals without trailing zeros', () => {
    expect(formatMultiplier(1)).toBe('1');
    expect(formatMultiplier(1.5)).toBe('1.5');
    expect(formatMultiplier(1.25)).toBe('1.25');
    expect(formatMultiplier(1.23456)).toBe('1.2346');
    expect(formatMultiplier(10)).toBe('10');
    expect(formatMultiplier(0)).toBe('0');
    expect(formatMultiplier(undefined)).toBe('');
  });

  it('takes only digits and one point with at most the decimal count while typing', () => {
    expect(acceptsDecimalText('', 2)).toBe(true);
    expect(acceptsDecimalText('12.', 2)).toBe(true);
    expect(acceptsDecimalText('12.34', 2)).toBe(true);
    expect(acceptsDecimalText('12.345', 2)).toBe(false);
    expect(acceptsDecimalText('1.2345', 4)).toBe(true);
    for (const refused of ['-1', '1e3', '1.2.3', 'abc', '+4', '1,5']) expect(acceptsDecimalText(refused, 2)).toBe(false);
  });

  it('reads the typed text back as a number, rounded; nothing typed is null', () => {
    expect(parseMoney('12.5')).toBe(12.5);
    expect(parseMoney('.5')).toBe(0.5);
    expect(parseMoney('7.')).toBe(7);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('.')).toBeNull();
    expect(parseMoney('1e3')).toBeNull();
    expect(parseMultiplier('1.23456')).toBe(1.2346);
  });

  it('rounds a number with more decimals than the field keeps (a paste), never leaving the field as it was', () => {
    expect(decimalEdit('3.456', 2)).toEqual({ text: '3.456', value: 3.46, rounded: true });
    expect(decimalEdit(' 3,454 ', 2)).toEqual({ text: '3.454', value: 3.45, rounded: true });
    expect(decimalEdit('1.234567', 4)).toEqual({ text: '1.234567', value: 1.2346, rounded: true });
    expect(decimalEdit('12.5', 2)).toEqual({ text: '12.5', value: 12.5, rounded: false });
    expect(decimalEdit('', 2)).toEqual({ text: '', value: null, rounded: false });
    for (const refused of ['abc', '12.5x', '-3.456', '1.2.3', '0.003.456', '1e3']) expect(decimalEdit(refused, 2)).toBeNull();
  });
});

const product: BillingProduct = {
  ...newBillingProduct('GROUP'),
  id: 8,
  type: 'GROUP',
  name: 'Managed server bundle',
  description: 'Server monitoring with backup.',
  productIds: [3, 5],
  licensingType: 'PER_SEAT_LEGACY',
  anyRole: true,
  nodeRoleId: 4,
};

describe('the form values', () => {
  it('edits a product as read, its id kept; all roles sends no node role', () => {
    const values = formOfProduct(product);
    expect(values.id).toBe(8);
    expect(values.productIds).toEqual([3, 5]);
    expect(values.nodeRoleId).toBeNull();
    // An instance's own licensing type is kept to be sent back unchanged.
    expect(values.licensingType).toBe('PER_SEAT_LEGACY');
    expect(billingProductPayloadSchema.safeParse(values).success).toBe(true);
  });

  it('copies without the id, as "Copy of …" cut to the name limit', () => {
    const values = formOfProduct(product, true);
    expect('id' in values).toBe(false);
    expect(values.name).toBe('Copy of Managed server bundle');
    expect(copyName('n'.repeat(50))).toHaveLength(50);
  });

  it('edits only the types the payload carries; another reads as a product (no members)', () => {
    expect(isEditableType('PRODUCT')).toBe(true);
    expect(isEditableType('GROUP')).toBe(true);
    expect(isEditableType('BUNDLE')).toBe(false);
    const values = formOfProduct({ ...product, type: 'BUNDLE' });
    expect(values.type).toBe('PRODUCT');
    expect(values.productIds).toEqual([]);
  });

  it('starts a new product on all roles, any group, multipliers 1', () => {
    const fresh = newBillingProduct('PRODUCT');
    expect(fresh).toMatchObject({ anyRole: true, nodeRoleId: null, allGroups: false, onSiteMultiplier: 1, offHoursMultiplier: 1, productIds: [] });
    expect('id' in fresh).toBe(false);
  });

  it('offers the known choices and keeps an instance value raw', () => {
    expect(choicesWith(LICENSING_CHOICES, LICENSING_LABELS, 'PER_DEVICE').map((c) => c.value)).toEqual([...LICENSING_CHOICES]);
    expect(choicesWith(LICENSING_CHOICES, LICENSING_LABELS, 'PER_SEAT_LEGACY').at(-1)).toEqual({ value: 'PER_SEAT_LEGACY', label: 'PER_SEAT_LEGACY' });
    expect(choiceLabel(TERM_LABELS, 'MONTHLY')).toBe('Monthly');
    expect(choiceLabel(TERM_LABELS, 'BIENNIAL')).toBe('BIENNIAL');
    expect(choiceLabel(TERM_LABELS, '')).toBe('-');
  });
});

describe('a group’s members', () => {
  const members: ProductMember[] = [
    { id: 7, type: 'PRODUCT', name: 'Legacy support', isActive: false },
    { id: 3, type: 'PRODUCT', name: 'Server monitoring', isActive: true },
    { id: 8, type: 'PRODUCT', name: 'Itself', isActive: true },
    { id: 1, type: 'PRODUCT', name: 'Backup add-on', isActive: true },
  ];

  it('never offers the group itself; active first, then by name', () => {
    expect(memberChoices(members, 8).map((m) => m.id)).toEqual([1, 3, 7]);
    expect(memberChoices(members, undefined)).toHaveLength(4);
  });

  it('marks an inactive member', () => {
    expect(memberLabel(members[0]!)).toBe('Legacy support (inactive)');
    expect(memberLabel(members[1]!)).toBe('Server monitoring');
  });

  it('tells whether a product is active: its own flag, else the member list, else unknown', () => {
    expect(isActiveProduct({ ...product, id: 7 }, members)).toBe(false);
    expect(isActiveProduct({ ...product, id: 3 }, members)).toBe(true);
    expect(isActiveProduct({ ...product, id: 3, isActive: false } as BillingProduct, members)).toBe(false);
    expect(isActiveProduct({ ...product, id: 99 }, members)).toBeNull();
    expect(isActiveProduct(product, undefined)).toBeNull();
  });
});

describe('the form’s route', () => {
  it('reads new, new group, copy and edit', () => {
    expect(billingTargetOf('new', '')).toEqual({ kind: 'new', type: 'PRODUCT' });
    expect(billingTargetOf('new', 'type=GROUP')).toEqual({ kind: 'new', type: 'GROUP' });
    expect(billingTargetOf('new', 'copy=12')).toEqual({ kind: 'copy', id: 12 });
    expect(billingTargetOf('12', '')).toEqual({ kind: 'edit', id: 12 });
  });

  it('names no product for an id the contract cannot carry', () => {
    for (const id of ['0', '-3', 'abc', '1.5', '99999999999', '2147483648']) expect(billingTargetOf(id, '')).toBeNull();
    expect(billingTargetOf('new', 'copy=x')).toBeNull();
  });
});
