/**
 * A time of day as two selects, hours 00-23 and minutes 00-59 (24-hour
 * clock, as the schedule's run-at time is kept): the schedule editor's
 * "Run at" and the bandwidth windows' start and end. Each select is named
 * "<name> hour" / "<name> minute" for assistive technology.
 */
import { ControlGroup, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';

/** The options of an hour and a minute select, two digits each. */
export const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: String(h).padStart(2, '0') }));
export const MINUTES = Array.from({ length: 60 }, (_, m) => ({ value: String(m), label: String(m).padStart(2, '0') }));

interface TimeOfDaySelectProps {
  /** Prefix of the selects' ids: `<id>-hour`, `<id>-minute`. */
  id: string;
  label: string;
  /** Names the selects: "<name> hour", "<name> minute" (default: the label). */
  name?: string;
  hour: number;
  minute: number;
  onHour(hour: number): void;
  onMinute(minute: number): void;
  error?: string;
  disabled?: boolean;
}

export function TimeOfDaySelect({ id, label, name = label, hour, minute, onHour, onMinute, error, disabled }: TimeOfDaySelectProps) {
  return (
    <FormGroup label={label} labelFor={`${id}-hour`} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      <ControlGroup>
        <HTMLSelect id={`${id}-hour`} aria-label={`${name} hour`} value={String(hour)} options={HOURS} disabled={disabled} onChange={(e) => onHour(Number(e.currentTarget.value))} />
        <HTMLSelect id={`${id}-minute`} aria-label={`${name} minute`} value={String(minute)} options={MINUTES} disabled={disabled} onChange={(e) => onMinute(Number(e.currentTarget.value))} />
      </ControlGroup>
    </FormGroup>
  );
}
