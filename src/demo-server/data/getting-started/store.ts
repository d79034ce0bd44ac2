/**
 * The getting-started wizard's progress in one demo world
 * (spec/ticketing-automations-psa.md §9.4), per user, and its switches
 * (../../routes/getting-started/switches.ts). Every user starts finished, so
 * the wizard never shows by itself over the screens tests and demos drive;
 * `reset` puts every user at stepOne, never started.
 */
import type { GettingStartedState } from '../../../shared/model/getting-started';
import { FINISHED_STATE, INITIAL_STATE } from '../../../shared/rules/getting-started/steps';
import type { DemoWorld } from '../world';

export interface GettingStartedSwitches {
  /** PUT /appuser/current/gettingstarted answers 500 (the progress stays as it was). */
  failSave: boolean;
  /** GET /appuser/current/gettingstarted answers 500. */
  failRead: boolean;
}

const stores = new WeakMap<DemoWorld, GettingStartedStore>();

export class GettingStartedStore {
  readonly switches: GettingStartedSwitches = { failSave: false, failRead: false };
  /** Every user's progress; a user not in it has the default. */
  private readonly states = new Map<number, GettingStartedState>();
  private fallback: GettingStartedState = FINISHED_STATE;

  static of(world: DemoWorld): GettingStartedStore {
    let store = stores.get(world);
    if (!store) {
      store = new GettingStartedStore();
      stores.set(world, store);
    }
    return store;
  }

  get(userId: number): GettingStartedState {
    return structuredClone(this.states.get(userId) ?? this.fallback);
  }

  set(userId: number, state: GettingStartedState): GettingStartedState {
    this.states.set(userId, structuredClone(state));
    return this.get(userId);
  }

  /** Every user at stepOne, never started (`fresh`), or finished (the default). */
  resetAll(fresh: boolean): void {
    this.states.clear();
    this.fallback = fresh ? INITIAL_STATE : FINISHED_STATE;
  }

  view(): { default: GettingStartedState; users: Record<string, GettingStartedState> } {
    return { default: structuredClone(this.fallback), users: Object.fromEntries([...this.states].map(([id, state]) => [String(id), structuredClone(state)])) };
  }
}
