/**
 * The demo's billing products (spec/help-shared-blocks-editor.md §3
 * Billing product, §5 Billing product form): seeded products and groups
 * (some with members, some inactive; prices from the seed), and the checks of
 * a save: the shared payload rules (src/shared/rules/admin/billing-product.ts),
 * then every id it names must exist (user roles: the technician roles of
 * GET /psa/user-roles), and a group holds products, not groups
 * nor itself. `isActive` is the demo's: kept across saves, true for new ones.
 */
import type { BillingProduct } from '../../../shared/model/admin';
import { billingProductPayloadSchema } from '../../../shared/rules/admin/billing-product';
import { badRequest } from '../../http';
import { issuesMessage } from '../../routes/params';
import { DEVICE_GROUPS, DEVICE_ROLES } from '../psa/psa';
import { rngFor } from '../random';

export type WireProduct = BillingProduct & { isActive: boolean };

type Seed = Partial<WireProduct> & Pick<WireProduct, 'name' | 'description'>;

const BASE: Omit<WireProduct, 'id' | 'name' | 'description'> = {
  type: 'PRODUCT',
  price: 0,
  cost: 0,
  quantity: 1,
  quantityText: '',
  taxable: true,
  billing: 'ONE_TIME',
  term: 'MONTHLY',
  licensingType: 'FLAT_FEE',
  autoRoundTimeEntries: false,
  onSiteMultiplier: 1,
  remoteMultiplier: 1,
  normalHoursMultiplier: 1,
  offHoursMultiplier: 1.5,
  userRoles: [],
  productIds: [],
  nodeRoleId: null,
  anyRole: true,
  groupIds: [],
  allGroups: false,
  isActive: true,
};

const SEEDS: Seed[] = [
  { name: 'Remote support hour', description: 'One hour of remote support.', quantityText: 'hour', autoRoundTimeEntries: true, remoteMultiplier: 1, onSiteMultiplier: 1.25, userRoles: [1] },
  { name: 'On-site visit', description: 'A technician on site, travel included.', quantityText: 'visit', onSiteMultiplier: 1.5, userRoles: [1, 2] },
  { name: 'Server monitoring', description: 'Monitoring and patching of one server.', billing: 'RECURRING', licensingType: 'PER_DEVICE', anyRole: false, nodeRoleId: 1 },
  { name: 'Workstation monitoring', description: 'Monitoring and patching of one workstation.', billing: 'RECURRING', licensingType: 'PER_DEVICE', anyRole: false, nodeRoleId: 2 },
  { name: 'Backup add-on', description: 'Cloud backup of a device in the backup groups.', billing: 'RECURRING', licensingType: 'PER_DEVICE', groupIds: [18, 2], allGroups: false },
  { name: 'Firewall management', description: 'Rule reviews and firmware updates.', billing: 'RECURRING', term: 'YEARLY', anyRole: false, nodeRoleId: 15, taxable: false },
  { name: 'Legacy support', description: 'Support of end-of-life systems (no longer sold).', isActive: false, groupIds: [22], allGroups: true },
  { name: 'Managed server bundle', description: 'Server monitoring with backup.', type: 'GROUP', productIds: [3, 5], billing: 'RECURRING' },
  { name: 'Helpdesk bundle', description: 'Remote and on-site support.', type: 'GROUP', productIds: [1, 2], quantity: 10, quantityText: 'hours a month' },
  { name: 'Old maintenance bundle', description: 'Replaced by the managed bundles.', type: 'GROUP', productIds: [7], isActive: false },
];

export function seededProducts(seed: string): WireProduct[] {
  return SEEDS.map((fields, i) => {
    const rng = rngFor(seed, 'billing-product', i + 1);
    const price = fields.type === 'GROUP' ? 0 : rng.int(20, 400) + rng.int(0, 3) * 0.25;
    return { ...BASE, id: i + 1, price, cost: Math.round(price * (0.3 + rng.next() * 0.3) * 100) / 100, ...fields };
  });
}

/** What a save keeps, checked; 400 with the first issues or the id that names nothing. */
export function checkedProduct(body: unknown, id: number | null, products: ReadonlyMap<number, WireProduct>, roleIds: readonly number[]): Omit<WireProduct, 'id' | 'isActive'> {
  const withoutExtras = typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'isActive')) : body;
  const parsed = billingProductPayloadSchema.safeParse(withoutExtras);
  if (!parsed.success) throw badRequest(issuesMessage(parsed.error));
  const { id: bodyId, ...product } = parsed.data;
  if (bodyId !== undefined && bodyId !== id) throw badRequest(id === null ? 'id: a new product has no id' : "id: the body's id is not the path's");
  product.productIds.forEach((member, i) => {
    const found = products.get(member);
    if (!found) throw badRequest(`productIds[${i}]: no such product ${member}`);
    if (member === id) throw badRequest(`productIds[${i}]: a group cannot hold itself`);
    if (found.type === 'GROUP') throw badRequest(`productIds[${i}]: ${found.name} is a group; a group holds products`);
  });
  product.userRoles.forEach((role, i) => {
    if (!roleIds.includes(role)) throw badRequest(`userRoles[${i}]: no such user role ${role}`);
  });
  if (product.nodeRoleId !== null && !DEVICE_ROLES.some((r) => r.id === product.nodeRoleId)) throw badRequest(`nodeRoleId: no such node role ${product.nodeRoleId}`);
  product.groupIds.forEach((group, i) => {
    if (!DEVICE_GROUPS.some((g) => g.id === group)) throw badRequest(`groupIds[${i}]: no such saved search ${group}`);
  });
  return { ...product, productIds: product.type === 'GROUP' ? product.productIds : [], nodeRoleId: product.anyRole ? null : product.nodeRoleId };
}
