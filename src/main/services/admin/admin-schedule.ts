/**
 * What the administration saves share about a schedule (scheduled tasks, a
 * policy's backup plans): the §5 rules checked in the main process too (the
 * renderer is not trusted, and the contract's schema only bounds the fields),
 * and the instance's own schedule fields kept across an update.
 */
import { AppError } from '../../../shared/errors';
import { fromSaved, validateSchedule, type Schedule, type ScheduleField } from '../../../shared/rules/platform/schedule';

/** The fields of a saved schedule the editor edits (src/shared/rules/platform/schedule-model.ts Schedule). */
export const SCHEDULE_FIELDS = ['repeats', 'repeatsEveryCount', 'daysOfWeek', 'dayOfMonth', 'weekOfMonth', 'scheduleInterval', 'startDate', 'runAtHour', 'runAtMinute', 'end'];

/** An object's fields but `known` ones ({} when it is not an object). */
export function otherFields(value: unknown, known: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([key]) => !known.includes(key)));
}

/**
 * The schedule's §5 rules (help-shared-blocks-editor.md §5 Schedule editor); a refusal starts with `refused`
 * ('The scheduled task was not saved: Schedule') and names the field. A start in the past is the editor's to
 * refuse (only it knows whether the start was changed since it was loaded).
 */
export function scheduleChecked(schedule: Schedule, refused: string): void {
  const read = fromSaved(schedule);
  const [problem] = Object.entries(validateSchedule(read, { now: new Date(), loadedStartDate: read.startDate })) as Array<[ScheduleField, string]>;
  if (problem) throw new AppError('INVALID_INPUT', `${refused} (${SCHEDULE_FIELD_NAMES[problem[0]]}): ${problem[1]}`);
}

/** What the editor calls a schedule field, for a refusal that names it ('Required' alone would not say what). */
const SCHEDULE_FIELD_NAMES: Readonly<Record<ScheduleField, string>> = {
  repeats: 'repeats',
  repeatsEveryCount: 'repeat every',
  scheduleInterval: 'hours',
  daysOfWeek: 'days',
  dayOfMonth: 'day of the month',
  weekOfMonth: 'week of the month',
  startDate: 'start date',
  runAtHour: 'hour',
  runAtMinute: 'minute',
  'end.endDate': 'end date',
  'end.occurenceCount': 'occurrences',
};
