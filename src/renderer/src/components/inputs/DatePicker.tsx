/** The shared date picker (help spec §5): past dates are refused unless allowed (earlier than yesterday is invalid). */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DatePicker as BlueprintDatePicker } from '@blueprintjs/datetime';
import { startOfDay, subDays } from 'date-fns';
import enUS from 'date-fns/locale/en-US';
import { isPickableDate } from '../../../../shared/rules/inputs';

export interface DatePickerProps {
  value: Date | null;
  onChange(date: Date | null): void;
  allowPast?: boolean;
  /** Tests and hosts with their own clock. */
  now?: Date;
}

export function DatePicker({ value, onChange, allowPast, now }: DatePickerProps) {
  const today = now ?? new Date();
  return (
    <BlueprintDatePicker
      value={value}
      locale={enUS}
      minDate={allowPast ? undefined : startOfDay(subDays(today, 1))}
      dayPickerProps={{ disabled: (day: Date) => !isPickableDate(day, { allowPast, now: today }) }}
      onChange={(date) => onChange(date && isPickableDate(date, { allowPast, now: today }) ? date : null)}
    />
  );
}
