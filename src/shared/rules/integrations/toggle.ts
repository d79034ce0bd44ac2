/**
 * The Enabled toggles (spec §4.4): a change shows at once (optimistic), is
 * saved on the server, and is put back, with the server's message, when the
 * save fails. One save at a time per integration: a toggle whose save is
 * under way does not move again until it settles.
 */
import type { IntegrationId } from '../../model/integrations';

export interface ToggleState {
  /** What each toggle shows. */
  shown: Partial<Record<IntegrationId, boolean>>;
  /** The value before the change whose save is under way. */
  pending: Partial<Record<IntegrationId, boolean>>;
  /** The last failure's message per integration. */
  errors: Partial<Record<IntegrationId, string>>;
}

export const EMPTY_TOGGLES: ToggleState = { shown: {}, pending: {}, errors: {} };

/** What the toggle shows: the change under way, else the server's value. */
export function shownValue(state: ToggleState, id: IntegrationId, server: boolean): boolean {
  return state.shown[id] ?? server;
}

export function isSaving(state: ToggleState, id: IntegrationId): boolean {
  return state.pending[id] !== undefined;
}

/** The toggle moved to `next`: shown at once; null when a save of it is under way already. */
export function startToggle(state: ToggleState, id: IntegrationId, server: boolean, next: boolean): ToggleState | null {
  if (isSaving(state, id)) return null;
  const before = shownValue(state, id, server);
  const { [id]: _dropped, ...errors } = state.errors;
  return { shown: { ...state.shown, [id]: next }, pending: { ...state.pending, [id]: before }, errors };
}

/** The save ended: kept on success (the server's answer shown), put back with the message on failure. */
export function settleToggle(state: ToggleState, id: IntegrationId, result: { ok: true; enabled: boolean } | { ok: false; message: string }): ToggleState {
  const { [id]: before, ...pending } = state.pending;
  if (result.ok) return { ...state, shown: { ...state.shown, [id]: result.enabled }, pending };
  const shown = { ...state.shown };
  if (before === undefined) delete shown[id];
  else shown[id] = before;
  return { shown, pending, errors: { ...state.errors, [id]: result.message } };
}

/** The server's values were read again: what they say replaces whatever is not being saved. */
export function reloaded(state: ToggleState): ToggleState {
  const shown: ToggleState['shown'] = {};
  for (const id of Object.keys(state.pending) as IntegrationId[]) shown[id] = state.shown[id];
  return { ...state, shown };
}
