/**
 * The administration blocks' state of one demo world: scheduled
 * tasks and billing products (seeded from ./tasks.ts and
 * ./billing.ts, changed by saves for the server's life) and the §8
 * failure switches of ../../routes/admin/switches.ts.
 */
import { notFound } from '../../http';
import { seededProducts, type WireProduct } from './billing';
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
}

const stores = new WeakMap<DemoWorld, AdminStore>();

export class AdminStore {
  readonly tasks = new Map<number, WireTask>();
  readonly products = new Map<number, WireProduct>();
  readonly switches: AdminSwitches = { windowsServices: 'ok', failUserRoles: false, failInitialData: false, failScripts: false };
  private nextTaskId: number;
  private nextProductId: number;

  static of(world: DemoWorld): AdminStore {
    let store = stores.get(world);
    if (!store) {
      store = new AdminStore(world);
      stores.set(world, store);
    }
    return store;
  }

  private constructor(world: DemoWorld) {
    for (const task of seededTasks(world)) this.tasks.set(task.id, task);
    for (const product of seededProducts(world.config.seed)) this.products.set(product.id, product);
    this.nextTaskId = Math.max(0, ...this.tasks.keys()) + 1;
    this.nextProductId = Math.max(0, ...this.products.keys()) + 1;
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
}
