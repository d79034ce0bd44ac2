/**
 * What a billing products route asks for, pure: the form
 * at /administration/billing/:id edits product :id; 'new' makes a product,
 * 'new?type=GROUP' a group, 'new?copy=<id>' a copy of product <id>.
 */
export const BILLING_LIST_ROUTE = '/administration/billing';

/** What the form page edits: a new product or group, a product read by id, or a copy of one. */
export type BillingTarget = { kind: 'new'; type: 'PRODUCT' | 'GROUP' } | { kind: 'edit' | 'copy'; id: number };

const positiveId = (text: string | null): number | null => (text !== null && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null);

/** What the route asks for; null when it names no product this console can read (the contract's ids are positive 32-bit integers). */
export function billingTargetOf(productId: string, query: string): BillingTarget | null {
  const params = new URLSearchParams(query);
  if (productId === 'new') {
    const copyOf = params.get('copy');
    if (copyOf !== null) {
      const id = positiveId(copyOf);
      return id === null ? null : { kind: 'copy', id };
    }
    return { kind: 'new', type: params.get('type') === 'GROUP' ? 'GROUP' : 'PRODUCT' };
  }
  const id = positiveId(productId);
  return id === null ? null : { kind: 'edit', id };
}

