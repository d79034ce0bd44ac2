/**
 * Days of the week as toggle buttons (Sun to Sat), one pressed per chosen
 * day: the schedule editor's WEEKLY days and the bandwidth windows' days.
 * The group is named by its visible label; an error is shown under it.
 */
import { Button, ButtonGroup, FormGroup, Intent } from '@blueprintjs/core';
import { DAY_LABELS, DAYS_OF_WEEK, type DayOfWeek } from '../../../../shared/rules/platform/schedule-model';

interface DaysOfWeekButtonsProps {
  /** Prefix of the label's id (unique on the page). */
  id: string;
  label: string;
  /** The chosen days (values the list does not know are ignored here). */
  selected: readonly string[];
  onToggle(day: DayOfWeek): void;
  error?: string;
  disabled?: boolean;
}

export function DaysOfWeekButtons({ id, label, selected, onToggle, error, disabled }: DaysOfWeekButtonsProps) {
  return (
    <FormGroup label={<span id={`${id}-label`}>{label}</span>} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      <ButtonGroup role="group" aria-labelledby={`${id}-label`}>
        {DAYS_OF_WEEK.map((day) => {
          const pressed = selected.includes(day);
          return (
            <Button
              key={day}
              text={DAY_LABELS[day]}
              active={pressed}
              aria-pressed={pressed}
              intent={pressed ? Intent.PRIMARY : Intent.NONE}
              disabled={disabled}
              onClick={() => onToggle(day)}
            />
          );
        })}
      </ButtonGroup>
    </FormGroup>
  );
}
