/**
 * 'Restore this version', pure: the save payload that makes
 * a kept version the current one, built as the editors build theirs (the
 * form of the version, its type, the item's id) and checked with the same
 * schema the save call's contract applies (the stored version came from the
 * server, which may hold what the console refuses to send).
 */
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { RULESET_TYPES, TRIGGER_TYPES, type HistoryKind, type RulesetType, type TicketRuleset, type Trigger, type TriggerType } from '../../../shared/model/ticketing';
import { formOfRuleset, rulesetPayload, rulesetPayloadSchema, type RulesetPayload } from '../../../shared/rules/ticketing/ruleset';
import { formOfTrigger, triggerPayload, triggerPayloadSchema, type TriggerPayload } from '../../../shared/rules/ticketing/trigger';

export type RestorePayload = { kind: 'trigger'; payload: TriggerPayload } | { kind: 'ruleset'; payload: RulesetPayload };

export const restoreTypeMessage = (type: string) => `This version cannot be restored: its type (${type}) is not one this console can save.`;
export const restoreRefusedMessage = (path: string) => `This version cannot be restored as it is: its ${path || 'content'} is not what a save accepts. Open it in the editor instead.`;

function checked<T>(schema: z.ZodType<T>, payload: T): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new AppError('INVALID_INPUT', restoreRefusedMessage((result.error.issues[0]?.path ?? []).map(String).join('.')));
  return result.data;
}

/** INVALID_INPUT when the version's type is unknown to this console or the save would refuse it. */
export function restorePayload(kind: HistoryKind, data: Trigger | TicketRuleset, id: number): RestorePayload {
  if (kind === 'trigger') {
    const trigger = data as Trigger;
    if (!(TRIGGER_TYPES as readonly string[]).includes(trigger.type)) throw new AppError('INVALID_INPUT', restoreTypeMessage(trigger.type));
    return { kind, payload: checked(triggerPayloadSchema, triggerPayload(formOfTrigger(trigger), trigger.type as TriggerType, id, trigger.attachments.map((a) => a.id))) };
  }
  const ruleset = data as TicketRuleset;
  if (!(RULESET_TYPES as readonly string[]).includes(ruleset.type)) throw new AppError('INVALID_INPUT', restoreTypeMessage(ruleset.type));
  return { kind, payload: checked(rulesetPayloadSchema, rulesetPayload(formOfRuleset(ruleset), ruleset.type as RulesetType, id)) };
}
