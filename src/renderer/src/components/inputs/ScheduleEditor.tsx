/**
 * The shared schedule editor (help spec §3 "Schedule (editor)", §4, §5, §9),
 * controlled: repeats, the recurrence count up to its cap, days of week
 * (WEEKLY), day of month or the last day (MONTHLY), the week of the month
 * (First to Fourth, Last) and its day of week (WEEK_OF_MONTH), EVERY's hours
 * (1-23), start date, run-at time, and the end (never, after N runs, on a
 * date); both dates are the shared DateField. It shows the rules' errors once
 * a field is touched or `showErrors` is set, a one-line summary and the next
 * five runs. Every rule lives in shared/rules/platform/schedule.ts; the host validates
 * with the same `validateSchedule` (same options) before saving and sends
 * `toSaved(value)`, or `toSavedInput(value)` for a strict contract.
 *
 * Which repeat types are offered: without `lockedRepeats`, all of them
 * (NEVER, HOURLY, DAILY, WEEKLY, MONTHLY, WEEK_OF_MONTH, EVERY: the scheduled
 * task editor); with it, only those listed, in that order (a subset for a
 * host that needs fewer), and with one the select is disabled (the
 * ConnectWise product sync: ['MONTHLY'], `maxRecurrence` 12, ticketing §9.3).
 * A loaded type the list does not offer is shown raw until it is changed.
 * Range errors of the steppers are the Stepper's own (same words as the rules).
 * Dates are the machine's local time. The clock is read when it is needed:
 * each check ("in the past") and each change (End ON's "one month from now")
 * reads `now` when given, else the time of that check or change, so an
 * editor left open keeps agreeing with the host's check at save.
 */
import './ScheduleEditor.css';
import { FormGroup, HTMLSelect, Intent, RadioGroup } from '@blueprintjs/core';
import { startOfDay } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { isKnownValue, labelOrRaw } from '../../../../shared/model/platform/open-values';
import {
  allowedRepeats,
  changeEndType,
  changeRepeats,
  DAYS_OF_WEEK,
  END_TYPE_LABELS,
  END_TYPES,
  EVERY_HOURS,
  LAST_DAY_OF_MONTH,
  changeWeekOfMonthDay,
  DAY_NAMES,
  nextRuns,
  RECURRENCE_UNITS,
  recurrenceCap,
  REPEATS,
  REPEATS_LABELS,
  scheduleSummary,
  toggleDayOfWeek,
  validateSchedule,
  WEEK_OF_MONTH_LABELS,
  weekOfMonthDay,
  WEEKS_OF_MONTH,
  type Repeats,
  type Schedule,
  type ScheduleField,
} from '../../../../shared/rules/platform/schedule';
import { DateField } from './DateField';
import { DaysOfWeekButtons } from './DaysOfWeekButtons';
import { TimeOfDaySelect } from './TimeOfDaySelect';
import { Stepper } from './Stepper';

interface ScheduleEditorProps {
  value: Schedule;
  onChange(next: Schedule): void;
  /** Only these repeat types are offered (default: every type); with one, the select is disabled. */
  lockedRepeats?: readonly Repeats[];
  /** The recurrence cap for every type instead of the per-type caps. */
  maxRecurrence?: number;
  disabled?: boolean;
  /** Prefix of every control's id (unique on the page). */
  idPrefix: string;
  /** A fixed clock for "in the past", the end date and the next runs (tests, hosts with their own clock); without it, the current time at each check and change. */
  now?: Date;
  /** Shows every error (after a failed save), not only those of touched fields. */
  showErrors?: boolean;
  /** The start date as loaded: kept without "in the past" once it has passed. */
  loadedStartDate?: number | null;
}

const DAYS_OF_MONTH = [...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), { value: String(LAST_DAY_OF_MONTH), label: 'Last day' }];
const WEEKS = WEEKS_OF_MONTH.map((week) => ({ value: String(week), label: WEEK_OF_MONTH_LABELS[week]! }));
const WEEK_DAYS = DAYS_OF_WEEK.map((day) => ({ value: day, label: DAY_NAMES[day] }));
/** A select's options with the current value first when the list lacks it (a saved value shown raw, or none yet). */
function withCurrent(options: ReadonlyArray<{ value: string; label: string }>, value: string, label: string) {
  return options.some((option) => option.value === value) ? options : [{ value, label }, ...options];
}
const RUN_FORMAT = new Intl.DateTimeFormat(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A typed date with a calendar beside it (the shared DateField); a text that is not a date is ignored (§5 "Invalid dates are ignored"). */
function ScheduleDate(props: { id: string; label: string; value: number | null; onPick(ms: number | null): void; error: string | undefined; required?: boolean; disabled?: boolean; now: Date }) {
  return (
    <FormGroup className="schedule-editor-date" intent={props.error ? Intent.DANGER : Intent.NONE} helperText={props.error}>
      <DateField
        id={props.id}
        label={props.label}
        required={props.required}
        value={props.value === null ? null : new Date(props.value)}
        now={props.now}
        disabled={props.disabled}
        onDate={(date) => props.onPick(date === null ? null : startOfDay(date).getTime())}
      />
    </FormGroup>
  );
}

export function ScheduleEditor({ value, onChange, lockedRepeats, maxRecurrence, disabled, idPrefix, now, showErrors, loadedStartDate }: ScheduleEditorProps) {
  /** The time now, read at the moment of the check or change that needs it (the host's check at save reads its own). */
  const clock = (): Date => now ?? new Date();
  // This render's time: the checks below, the next runs and the calendar's today.
  const renderedAt = clock();
  const [touched, setTouched] = useState<ReadonlySet<ScheduleField>>(() => new Set());
  const options = { lockedRepeats, maxRecurrence };
  const errors = validateSchedule(value, { ...options, now: renderedAt, loadedStartDate });
  // The start is in the past by its date and its run-at time: changing either shows it.
  const shownFor = (field: ScheduleField) => showErrors || touched.has(field) || (field === 'startDate' && (touched.has('runAtHour') || touched.has('runAtMinute')));
  const errorOf = (field: ScheduleField) => (shownFor(field) ? errors[field] : undefined);
  const intentOf = (field: ScheduleField) => (errorOf(field) ? Intent.DANGER : Intent.NONE);
  const update = (next: Schedule, field: ScheduleField) => {
    onChange(next);
    setTouched((previous) => (previous.has(field) ? previous : new Set([...previous, field])));
  };
  const id = (name: string) => `${idPrefix}-${name}`;
  const { repeats, end } = value;

  const allowed = allowedRepeats(options);
  // A value the list does not offer (unknown, or not allowed here) is shown raw until it is changed.
  const repeatOptions: Array<{ value: string; label: string }> = allowed.map((r) => ({ value: r, label: REPEATS_LABELS[r] }));
  if (!isKnownValue(allowed, repeats)) repeatOptions.unshift({ value: repeats, label: labelOrRaw(REPEATS_LABELS, repeats) });
  const units = isKnownValue(REPEATS, repeats) && repeats !== 'EVERY' ? RECURRENCE_UNITS[repeats] : undefined;
  const dayOptions = withCurrent(DAYS_OF_MONTH, String(value.dayOfMonth), String(value.dayOfMonth));
  const week = value.weekOfMonth ?? null;
  const weekOptions = withCurrent(WEEKS, week === null ? '' : String(week), week === null ? 'Choose a week' : (WEEK_OF_MONTH_LABELS[week] ?? String(week)));
  const weekDay = weekOfMonthDay(value);
  const weekDayOptions = withCurrent(WEEK_DAYS, weekDay ?? '', 'Choose a day');
  const hourly = repeats === 'HOURLY' || repeats === 'EVERY';
  const runs = nextRuns(value, renderedAt);

  const row = (...children: ReactNode[]) => <div className="schedule-editor-row">{children}</div>;
  return (
    <div className="schedule-editor">
      {row(
        <FormGroup key="repeats" label="Repeats" labelFor={id('repeats')} intent={intentOf('repeats')} helperText={errorOf('repeats')}>
          <HTMLSelect id={id('repeats')} value={repeats} options={repeatOptions} disabled={disabled || repeatOptions.length <= 1} onChange={(e) => update(changeRepeats(value, e.currentTarget.value), 'repeats')} />
        </FormGroup>,
        units && (
          <Stepper key="count" id={id('count')} label={`Repeat every (${units[1]})`} value={value.repeatsEveryCount} min={1} max={recurrenceCap(repeats, options)} disabled={disabled} onChange={(n) => update({ ...value, repeatsEveryCount: n }, 'repeatsEveryCount')} />
        ),
        repeats === 'EVERY' && (
          <Stepper key="hours" id={id('hours')} label="Every (hours)" value={value.scheduleInterval ?? EVERY_HOURS.min} min={EVERY_HOURS.min} max={EVERY_HOURS.max} disabled={disabled} onChange={(n) => update({ ...value, scheduleInterval: n }, 'scheduleInterval')} />
        ),
        repeats === 'MONTHLY' && (
          <FormGroup key="day" label="Day of month" labelFor={id('day-of-month')} intent={intentOf('dayOfMonth')} helperText={errorOf('dayOfMonth')}>
            <HTMLSelect id={id('day-of-month')} value={String(value.dayOfMonth)} options={dayOptions} disabled={disabled} onChange={(e) => update({ ...value, dayOfMonth: Number(e.currentTarget.value) }, 'dayOfMonth')} />
          </FormGroup>
        ),
        repeats === 'WEEK_OF_MONTH' && (
          <FormGroup key="week" label="Week of month" labelFor={id('week-of-month')} intent={intentOf('weekOfMonth')} helperText={errorOf('weekOfMonth')}>
            <HTMLSelect
              id={id('week-of-month')}
              value={week === null ? '' : String(week)}
              options={weekOptions}
              disabled={disabled}
              onChange={(e) => {
                // The placeholder shown while no week is chosen is not a choice.
                if (e.currentTarget.value !== '') update({ ...value, weekOfMonth: Number(e.currentTarget.value) }, 'weekOfMonth');
              }}
            />
          </FormGroup>
        ),
        repeats === 'WEEK_OF_MONTH' && (
          <FormGroup key="week-day" label="Day of week" labelFor={id('day-of-week')} intent={intentOf('daysOfWeek')} helperText={errorOf('daysOfWeek')}>
            <HTMLSelect
              id={id('day-of-week')}
              value={weekDay ?? ''}
              options={weekDayOptions}
              disabled={disabled}
              onChange={(e) => {
                const day = e.currentTarget.value;
                if (isKnownValue(DAYS_OF_WEEK, day)) update(changeWeekOfMonthDay(value, day), 'daysOfWeek');
              }}
            />
          </FormGroup>
        ),
      )}
      {repeats === 'WEEKLY' && (
        <DaysOfWeekButtons id={id('days')} label="Days of week" selected={value.daysOfWeek} error={errorOf('daysOfWeek')} disabled={disabled} onToggle={(day) => update(toggleDayOfWeek(value, day), 'daysOfWeek')} />
      )}
      {row(
        <ScheduleDate key="start" id={id('start-date')} label="Start date" value={value.startDate} now={renderedAt} disabled={disabled} error={errorOf('startDate')} onPick={(startDate) => update({ ...value, startDate }, 'startDate')} />,
        <TimeOfDaySelect
          key="time"
          id={id('run-at')}
          label={hourly ? 'First run at' : 'Run at'}
          name="Run at"
          hour={value.runAtHour}
          minute={value.runAtMinute}
          error={errorOf('runAtHour') ?? errorOf('runAtMinute')}
          disabled={disabled}
          onHour={(runAtHour) => update({ ...value, runAtHour }, 'runAtHour')}
          onMinute={(runAtMinute) => update({ ...value, runAtMinute }, 'runAtMinute')}
        />,
      )}
      {repeats !== 'NEVER' &&
        row(
          <RadioGroup
            key="end"
            label="Ends"
            name={id('end')}
            inline
            disabled={disabled}
            selectedValue={end.type}
            options={END_TYPES.map((type) => ({ value: type, label: END_TYPE_LABELS[type] }))}
            onChange={(e) => {
              const type = e.currentTarget.value;
              if (isKnownValue(END_TYPES, type)) update(changeEndType(value, type, clock()), type === 'ON' ? 'end.endDate' : 'end.occurenceCount');
            }}
          />,
          end.type === 'AFTER' && (
            <Stepper key="occurrences" id={id('occurrences')} label="Occurrences" value={end.occurenceCount ?? 1} min={1} disabled={disabled} onChange={(n) => update({ ...value, end: { ...end, occurenceCount: n } }, 'end.occurenceCount')} />
          ),
          end.type === 'ON' && (
            <ScheduleDate key="end-date" id={id('end-date')} label="End date" required value={end.endDate} now={renderedAt} disabled={disabled} error={errorOf('end.endDate')} onPick={(endDate) => update({ ...value, end: { ...end, endDate } }, 'end.endDate')} />
          ),
        )}
      <p className="schedule-editor-summary" id={id('summary')} aria-live="polite">
        {scheduleSummary(value)}
      </p>
      <div className="schedule-editor-runs">
        <div className="schedule-editor-runs-title" id={id('next-runs')}>
          Next runs
        </div>
        {runs.length > 0 ? (
          <ol aria-labelledby={id('next-runs')}>
            {runs.map((run) => (
              <li key={run.getTime()}>
                <time dateTime={run.toISOString()}>{RUN_FORMAT.format(run)}</time>
              </li>
            ))}
          </ol>
        ) : (
          <p className="schedule-editor-no-runs">No upcoming runs</p>
        )}
      </div>
    </div>
  );
}
