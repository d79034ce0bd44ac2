/**
 * The shared date picker (help spec §5, §9): past dates are refused unless
 * allowed (earlier than yesterday is invalid), and its year dropdown reaches
 * 50 years each side (Blueprint's own default stops six months ahead).
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DatePicker as BlueprintDatePicker } from './lazy-datetime';
import enUS from 'date-fns/locale/en-US';
import { datePickerBounds, isPickableDate } from '../../../../shared/rules/platform/inputs';

interface DatePickerProps {
  value: Date | null;
  onChange(date: Date | null): void;
  allowPast?: boolean;
  /** Tests and hosts with their own clock. */
  now?: Date;
}

export function DatePicker({ value, onChange, allowPast, now }: DatePickerProps) {
  const options = { allowPast, now: now ?? new Date() };
  const { minDate, maxDate } = datePickerBounds(options);
  // A held date outside the calendar's years (typed, or saved long ago) is not shown as picked: Blueprint refuses such a value.
  const shown = value && isPickableDate(value, options) ? value : null;
  return (
    <BlueprintDatePicker
      value={shown}
      locale={enUS}
      minDate={minDate}
      maxDate={maxDate}
      dayPickerProps={{ disabled: (day: Date) => !isPickableDate(day, options) }}
      onChange={(date) => onChange(date && isPickableDate(date, options) ? date : null)}
    />
  );
}
