/**
 * Billing products, the professional-services forms (spec/help-shared-blocks-editor.md §3 Billing product, §5 Billing product
 * form, §7, §8): the list (odd products skipped and counted), one product,
 * saves (create, update; the §5 rules are the contract's payload schema),
 * deletion, the products a group may hold, and the choices the form names:
 * user roles (§7 GET /psa/user-roles; §8 'Error fetching user roles') and
 * node roles with saved searches (§8 'Error fetching initial data' when
 * either fails). Nothing is kept per session. Paths: src/shared/rules/admin/paths.ts.
 */
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { BillingProduct, NamedChoice, ProductMember } from '../../../shared/model/admin';
import { BILLING_MESSAGES, PRODUCT_TYPES } from '../../../shared/rules/admin/billing-product';
import { ADMIN_PATHS } from '../../../shared/rules/admin/paths';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import type { ApiClient } from '../platform/api/api-client';
import { anyAnswer, listIn, readItems } from '../platform/api/tolerant';
import { AdminCalls } from './admin-calls';
import { memberOf, namedChoiceSchema, productOf, productSchema } from './billing-schemas';

const WHAT = 'the product';
const GONE = 'This product no longer exists.';

/** A saved product's answer, read; an unreadable one is BAD_RESPONSE (AdminCalls.send says the save happened). */
const readSaved = (body: unknown): BillingProduct => productOf(productSchema.parse(body));

export class BillingService {
  private readonly calls: AdminCalls;

  constructor(api: () => ApiClient) {
    this.calls = new AdminCalls(api);
  }

  async products(): Promise<{ items: BillingProduct[]; skipped: number }> {
    const { items, skipped } = await this.readAll();
    return { items: items.map(productOf), skipped };
  }

  async product(id: number): Promise<BillingProduct> {
    const answer = await this.calls.read(fillPath(ADMIN_PATHS.product, { id }), anyAnswer, undefined, GONE);
    const parsed = productSchema.safeParse(answer);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', 'The server sent this product in a shape the console cannot read.');
    return productOf(parsed.data);
  }

  /**
   * No id: create. With its id: update, over the product as the server holds it (read first), so that what the
   * form does not carry is sent back as it is: the instance's own fields (isActive, a SKU, …) and a type this
   * console does not know, which the form edits as PRODUCT (shared/rules/admin/billing-product.ts formOfProduct).
   */
  async save(payload: CallArgs<'admin.billing.save'>): Promise<BillingProduct> {
    if (payload.id === undefined) return this.calls.send('POST', ADMIN_PATHS.products, { what: WHAT, json: payload, gone: GONE, read: readSaved });
    const path = fillPath(ADMIN_PATHS.product, { id: payload.id });
    const answer = await this.calls.read(path, anyAnswer, undefined, GONE);
    const held = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
    const ownType = typeof held.type === 'string' && held.type.trim() !== '' && !(PRODUCT_TYPES as readonly string[]).includes(held.type.trim().toUpperCase());
    const json = { ...held, ...payload, id: payload.id, ...(ownType && payload.type === 'PRODUCT' ? { type: held.type } : {}) };
    return this.calls.send('PUT', path, { what: WHAT, json, gone: GONE, read: readSaved });
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await this.calls.send('DELETE', fillPath(ADMIN_PATHS.product, { id }), { what: WHAT, gone: GONE, read: () => null });
    return { deleted: true };
  }

  /** The products a group may hold: every product that is not itself a group (inactive ones flagged, §3 isActive). */
  async members(): Promise<ProductMember[]> {
    const { items } = await this.readAll();
    return items.filter((p) => p.type !== 'GROUP').map(memberOf);
  }

  /**
   * §7 GET /psa/user-roles; §8 'Error fetching user roles'. The same call gives the help's CC picker its
   * technicians (roles with their users, roleType TECHNICIAN or END_USER): a product applies to technician roles,
   * so end-user roles are left out (a role of another or no roleType is kept).
   */
  async userRoles(): Promise<NamedChoice[]> {
    const answer = await this.calls.readOr(ADMIN_PATHS.userRoles, anyAnswer, BILLING_MESSAGES.userRolesFailed);
    const roles = (listIn(answer, 'content', 'items', 'userRoles', 'roles') as unknown[]).filter((role) => (role as { roleType?: unknown } | null)?.roleType !== 'END_USER');
    return readItems(namedChoiceSchema, roles).items;
  }

  /** Node roles and saved searches; §8 'Error fetching initial data' when either cannot be read. */
  async initialData(): Promise<{ nodeRoles: NamedChoice[]; savedSearches: NamedChoice[] }> {
    const [roles, searches] = await Promise.all([
      this.calls.readOr(ADMIN_PATHS.nodeRoles, anyAnswer, BILLING_MESSAGES.initialDataFailed),
      this.calls.readOr(ADMIN_PATHS.savedSearches, anyAnswer, BILLING_MESSAGES.initialDataFailed),
    ]);
    return {
      nodeRoles: readItems(namedChoiceSchema, listIn(roles, 'content', 'items', 'nodeRoles') as unknown[]).items,
      savedSearches: readItems(namedChoiceSchema, listIn(searches, 'content', 'items', 'searches') as unknown[]).items,
    };
  }

  private async readAll() {
    const answer = await this.calls.read(ADMIN_PATHS.products, anyAnswer);
    return readItems(productSchema, listIn(answer, 'content', 'items', 'products') as unknown[]);
  }
}
