/**
 * The shared tag-name check (ticketing spec §5.1: "New tags are validated by a
 * shared tag-name check; each error is shown as a message"). The spec does not
 * list the checks; these are the console's, each with its own message:
 * - a name is required (the shared required message);
 * - at most TAG_NAME_MAX_LENGTH characters (the spec's other names are 50);
 * - no comma: tag values travel comma-joined (§3 TICKET_CHANGE_VALUE), so a
 *   comma would split one tag into two;
 * - not a tag already given (compared without case and surrounding spaces).
 * Used by the tag input and, later, by the create-tag call's input schema.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

export const TAG_NAME_MAX_LENGTH = 50;

export const TAG_MESSAGES = {
  required: REQUIRED_MESSAGE,
  tooLong: `A tag can be at most ${TAG_NAME_MAX_LENGTH} characters.`,
  comma: 'A tag cannot contain a comma.',
  duplicate: 'This tag is already added.',
} as const;

const key = (name: string) => name.trim().toLocaleLowerCase();

/** Every problem of a new tag's name (none: it may be added). */
export function tagNameProblems(name: string, existing: readonly string[] = []): string[] {
  const trimmed = name.trim();
  if (trimmed === '') return [TAG_MESSAGES.required];
  const problems: string[] = [];
  if (trimmed.length > TAG_NAME_MAX_LENGTH) problems.push(TAG_MESSAGES.tooLong);
  if (trimmed.includes(',')) problems.push(TAG_MESSAGES.comma);
  if (existing.some((tag) => key(tag) === key(trimmed))) problems.push(TAG_MESSAGES.duplicate);
  return problems;
}

/** The check as a schema, for a contract's input (the duplicate check needs the list, so it is the form's). */
export const tagNameSchema = z
  .string()
  .trim()
  .min(1, TAG_MESSAGES.required)
  .max(TAG_NAME_MAX_LENGTH, TAG_MESSAGES.tooLong)
  .refine((name) => !name.includes(','), TAG_MESSAGES.comma);
