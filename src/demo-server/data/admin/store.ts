/**
 * The administration blocks' state of one demo world: scheduled
 * tasks, billing products and agent policies (seeded from ./tasks.ts,
 * ./billing.ts and ./policies.ts, changed by saves for the server's life) and
 * the §8 failure switches of ../../routes/admin/switches.ts.
 */
import type { Policy } from '../../../shared/model/admin';
import { descendantIds, inheritPlans, submittedPlans } from '../../../shared/rules/admin/policy-inheritance';
import { badRequest, HttpError, notFound } from '../../http';
import { seededProducts, type WireProduct } from './billing';
import { checkOwnPlans, seededPolicies, type CheckedPolicy, type StoredPolicy } from './policies';
import { nextRunOf, seededTasks, type WireTask } from './tasks';
import type { DemoWorld } from '../world';

/** The §8 failures, switched at run time (`PATCH /__demo/admin`). */
export interface AdminSwitches {
  /** GET /webapp/winservice: 'resultFailure' answers 200 with resultCode FAILURE, 'httpError' answers 500 ('Windows Services could not load' either way). */
  windowsServices: 'ok' | 'resultFailure' | 'httpError';
  /** GET /psa/user-roles answers 500 ('Error fetching user roles'). */
  failUserRoles: boolean;
  /** GET /search/list (saved searches) answers 500 ('Error fetching initial data'). */
  failInitialData: boolean;
  /** GET /scripts answers 500. */
  failScripts: boolean;
  /** GET /policies and GET /policies/:id answer 500. */
  failPolicies: boolean;
  /** POST /policies, PUT /policies/:id and DELETE /policies/:id answer 500. */
  failPolicySave: boolean;
}

const stores = new WeakMap<DemoWorld, AdminStore>();

export class AdminStore {
  readonly tasks = new Map<number, WireTask>();
  readonly products = new Map<number, WireProduct>();
  readonly policies = new Map<number, StoredPolicy>();
  readonly switches: AdminSwitches = { windowsServices: 'ok', failUserRoles: false, failInitialData: false, failScripts: false, failPolicies: false, failPolicySave: false };
  private nextTaskId: number;
  private nextProductId: number;
  private nextPolicyId: number;

  static of(world: DemoWorld): AdminStore {
    let store = stores.get(world);
    if (!store) {
      store = new AdminStore(world);
      stores.set(world, store);
    }
    return store;
  }

  private constructor(private readonly world: DemoWorld) {
    for (const task of seededTasks(world)) this.tasks.set(task.id, task);
    for (const product of seededProducts(world.config.seed)) this.products.set(product.id, product);
    this.nextTaskId = Math.max(0, ...this.tasks.keys()) + 1;
    this.nextProductId = Math.max(0, ...this.products.keys()) + 1;
    for (const policy of seededPolicies()) this.policies.set(policy.id, policy);
    this.nextPolicyId = Math.max(0, ...this.policies.keys()) + 1;
  }

  task(id: number): WireTask {
    const task = this.tasks.get(id);
    if (!task) throw notFound('No such scheduled task');
    return task;
  }

  saveTask(id: number | null, fields: Omit<WireTask, 'id' | 'nextRun'>): WireTask {
    if (id !== null) this.task(id);
    const taskId = id ?? this.nextTaskId++;
    const task: WireTask = {
      ...fields,
      id: taskId,
      targets: fields.targets.map((t) => ({ ...t, scheduledTaskId: taskId })),
      nextRun: nextRunOf(fields.enabled, fields.schedule),
    };
    this.tasks.set(taskId, task);
    return task;
  }

  setEnabled(id: number, enabled: boolean): WireTask {
    const task = this.task(id);
    const changed = { ...task, enabled, nextRun: nextRunOf(enabled, task.schedule) };
    this.tasks.set(id, changed);
    return changed;
  }

  deleteTask(id: number): void {
    this.task(id);
    this.tasks.delete(id);
  }

  product(id: number): WireProduct {
    const product = this.products.get(id);
    if (!product) throw notFound('No such product');
    return product;
  }

  saveProduct(id: number | null, fields: Omit<WireProduct, 'id' | 'isActive'>): WireProduct {
    const isActive = id === null ? true : this.product(id).isActive;
    const productId = id ?? this.nextProductId++;
    const product: WireProduct = { ...fields, id: productId, isActive };
    this.products.set(productId, product);
    return product;
  }

  /** A deleted product also leaves the groups that held it. */
  deleteProduct(id: number): void {
    this.product(id);
    this.products.delete(id);
    for (const [groupId, group] of this.products) {
      if (group.productIds.includes(id)) this.products.set(groupId, { ...group, productIds: group.productIds.filter((member) => member !== id) });
    }
  }

  policy(id: number): StoredPolicy {
    const policy = this.policies.get(id);
    if (!policy) throw notFound('No such policy');
    return policy;
  }

  /** A policy as the API sends it: with the number of devices that use it. */
  policyView(policy: StoredPolicy): Policy {
    return { ...policy, deviceCount: this.devicesOf(policy.id).length };
  }

  /**
   * Creates (no id) or updates a policy: the parent is chosen at creation; the plans it inherits are the server's
   * (policy-inheritance.ts submittedPlans); then the change flows down to its children, grandchildren and so on.
   */
  savePolicy(id: number | null, checked: CheckedPolicy): StoredPolicy {
    const stored = id === null ? null : this.policy(id);
    if (stored && checked.parentPolicyId !== stored.parentPolicyId) throw badRequest('parentPolicyId: the parent policy is chosen when the policy is created');
    const parent = checked.parentPolicyId === null ? null : this.policies.get(checked.parentPolicyId);
    if (checked.parentPolicyId !== null && !parent) throw badRequest(`parentPolicyId: no such policy ${checked.parentPolicyId}`);
    const inherited = parent ? inheritPlans(parent.backupPlans, parent.id, stored?.backupPlans ?? []).filter((plan) => plan.inheritance.inherited) : [];
    const backupPlans = submittedPlans(checked.plans, inherited);
    checkOwnPlans(backupPlans);
    const policyId = id ?? this.nextPolicyId++;
    const policy: StoredPolicy = { id: policyId, name: checked.name, description: checked.description, enabled: checked.enabled, parentPolicyId: checked.parentPolicyId, backupPlans };
    this.policies.set(policyId, policy);
    this.flowDown(policyId);
    return policy;
  }

  /** Refused (409, saying why) while policies inherit from it or devices use it. */
  deletePolicy(id: number): void {
    const policy = this.policy(id);
    const children = [...this.policies.values()].filter((p) => p.parentPolicyId === id);
    if (children.length > 0) throw conflict(`The policy '${policy.name}' cannot be deleted: ${children.map((c) => `'${c.name}'`).join(', ')} ${children.length === 1 ? 'inherits' : 'inherit'} from it.`);
    const devices = this.devicesOf(id).length;
    if (devices > 0) throw conflict(`The policy '${policy.name}' cannot be deleted: ${devices} ${devices === 1 ? 'device uses' : 'devices use'} it.`);
    this.policies.delete(id);
  }

  /** Each descendant's plans inherited again from its parent's, parents first. */
  private flowDown(id: number): void {
    for (const childId of descendantIds([...this.policies.values()], id)) {
      const child = this.policies.get(childId)!;
      const parent = this.policies.get(child.parentPolicyId!)!;
      this.policies.set(childId, { ...child, backupPlans: inheritPlans(parent.backupPlans, parent.id, child.backupPlans) });
    }
  }

  private devicesOf(policyId: number) {
    return this.world.devices().filter((device) => device.policyId === policyId);
  }
}

function conflict(message: string): HttpError {
  return new HttpError(409, message, { error: 'conflict', message });
}
