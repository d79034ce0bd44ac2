/**
 * Storing and deleting a trigger (spec/ticketing-automations-psa.md §7.1,
 * §8.1): POST /ticketing/trigger/ creates (and copies: a payload without an
 * id), PUT /ticketing/trigger/{id} edits, the body never carrying the id; a
 * refused save is explained by its resultCode, or is 'Error saving ticket
 * board' / 'Error saving automation'. A system board cannot be deleted (the
 * instance answers 409).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Trigger } from '../../../shared/model/ticketing';
import { withUnknownKept } from '../../../shared/rules/ticketing/keep-unknown';
import { saveFailureMessage, TRIGGER_MESSAGES, type TriggerPayload } from '../../../shared/rules/ticketing/trigger';
import { keptOr } from '../platform/api/refusals';
import type { SessionService } from '../session';
import { resultCodeOf, TICKETING_API_PATHS } from './ticketing-api';
import { triggerSchema } from './trigger-schemas';

export const TRIGGER_GONE_MESSAGE = 'This automation no longer exists.';
export const SYSTEM_BOARD_DELETE_MESSAGE = 'A system board cannot be deleted.';
export const TRIGGER_DELETE_FAILED_MESSAGE = 'The automation could not be deleted.';
export const SAVED_UNREADABLE_MESSAGE = TRIGGER_MESSAGES.savedUnreadable;

/** The trigger as stored by the instance; `payload.uploads` are what the save names (kept attachment ids, new files' tempIds). */
export async function putOrPostTrigger(session: SessionService, payload: TriggerPayload): Promise<Trigger> {
  const { id, ...own } = payload;
  const [method, path] = id === undefined ? (['POST', TICKETING_API_PATHS.newTrigger] as const) : (['PUT', TICKETING_API_PATHS.trigger(id)] as const);
  // A PUT replaces the trigger: what the console does not read of the stored one goes back with it (read as it is; unreadable: the console's fields only).
  const stored = id === undefined ? null : await session.api().getJson(TICKETING_API_PATHS.trigger(id), z.unknown()).catch(() => null);
  const body = withUnknownKept(stored, own);
  const failure = (resultCode?: string) => new AppError('SERVER_ERROR', saveFailureMessage(payload.type, resultCode));
  let answer: { status: number; body: unknown };
  try {
    // A 500 may carry a resultCode too: read it rather than throw.
    answer = await session.api().requestWithStatus(method, path, { json: body }, { answerServerErrors: true });
  } catch (error) {
    throw keptOr(error, failure());
  }
  if (answer.status >= 400) throw failure(resultCodeOf(answer.body));
  const saved = triggerSchema.safeParse(answer.body);
  if (!saved.success) throw new AppError('BAD_RESPONSE', SAVED_UNREADABLE_MESSAGE);
  return saved.data;
}

export async function deleteTrigger(session: SessionService, id: number): Promise<{ deleted: true }> {
  let status: number;
  try {
    ({ status } = await session.api().requestWithStatus('DELETE', TICKETING_API_PATHS.trigger(id), {}, { answerServerErrors: true }));
  } catch (error) {
    throw keptOr(error, new AppError('SERVER_ERROR', TRIGGER_DELETE_FAILED_MESSAGE));
  }
  if (status === 404) throw new AppError('NOT_FOUND', TRIGGER_GONE_MESSAGE);
  if (status === 409) throw new AppError('SERVER_ERROR', SYSTEM_BOARD_DELETE_MESSAGE);
  if (status >= 400) throw new AppError('SERVER_ERROR', TRIGGER_DELETE_FAILED_MESSAGE);
  return { deleted: true };
}
