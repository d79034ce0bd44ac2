/**
 * The shared date field (help spec §5 "Shared inputs"): a DateInput typed in
 * the locale's format with a DatePicker calendar beside it, the one block the
 * schedule editor's start and end dates and the DATE and DATETIME script
 * variables use. The calendar's years reach 50 each side (§9); past days are
 * offered only when `allowPast`. While the technician types, the text is kept
 * as typed (the input shows its own error, a typed letter included); a date
 * reaches the host only once its year has four digits, and leaving the field
 * shows the host's value again.
 */
import './DateField.css';
import { Button, Popover } from '@blueprintjs/core';
import { format } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { localeDateFormat } from '../../../../shared/rules/platform/inputs';
import { DateInput } from './DateInput';
import { DatePicker } from './DatePicker';

interface DateFieldProps {
  id: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** The date the host holds (null: none). */
  value: Date | null;
  /** Shown while the host holds no date: a text it kept that is not one (a saved value that cannot be read). */
  unreadText?: string;
  /** A date typed or picked; null when the text is emptied (and the field is not required). */
  onDate(date: Date | null): void;
  /** Typed text that is not a date (yet): for a host that keeps it so its own message can say what is wrong. */
  onUnreadable?(text: string): void;
  /** Leaving the field (the host marks it touched). */
  onLeave?(): void;
  allowPast?: boolean;
  /** The calendar's today (tests and hosts with their own clock). */
  now?: Date;
  /** More controls in the same row, after the calendar button (a time of day). */
  children?: ReactNode;
}

/** A year still being typed ('12/01/202') parses too: only four-digit years count as a date. */
function isWholeDate(date: Date | undefined): date is Date {
  return date !== undefined && date.getFullYear() >= 1000;
}

export function DateField({ id, label, required, disabled, value, unreadText, onDate, onUnreadable, onLeave, allowPast, now, children }: DateFieldProps) {
  const pattern = localeDateFormat();
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const shown = typed ?? (value ? format(value, pattern) : (unreadText ?? ''));
  return (
    <div
      className="date-field"
      onBlur={(event) => {
        // Moving between the input and the calendar button stays in the field: the text as typed (and its message)
        // stays put, so the button does not move under the pointer.
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setTyped(null);
        onLeave?.();
      }}
    >
      <DateInput
        id={id}
        label={label}
        required={required}
        value={shown}
        format={pattern}
        disabled={disabled}
        onChange={(text, dates) => {
          setTyped(text);
          if (dates?.length === 0) onDate(null);
          else if (isWholeDate(dates?.[0])) onDate(dates[0]);
          else onUnreadable?.(text);
        }}
      />
      <Popover
        isOpen={open}
        onInteraction={setOpen}
        placement="bottom-end"
        disabled={disabled}
        content={
          <DatePicker
            value={value}
            allowPast={allowPast}
            now={now}
            onChange={(date) => {
              if (!date) return;
              onDate(date);
              setTyped(null);
              setOpen(false);
            }}
          />
        }
      >
        <Button icon="calendar" aria-label={`Choose ${label} on a calendar`} disabled={disabled} />
      </Popover>
      {children}
    </div>
  );
}
