/**
 * The reply's time entry (spec ticketing-automations-psa.md §3.5 time entry:
 * remote, startDate, agreementId, billingType, agreementOriginType; plus the
 * minutes worked): off until the technician adds one. The agreements are the
 * ticket organization's (`tickets.agreements`); the origin type follows the
 * agreement chosen. Billing types are open: one the draft carries that the
 * console does not list is offered as it is.
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Button, Callout, FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';
import { DateInput } from '../../components/inputs/lazy-datetime';
import enUS from 'date-fns/locale/en-US';
import { TIME_TRACKED_MAX_MINUTES, type ReplyTimeEntryDraft } from '../../../../shared/rules/tickets/reply';
import { datePickerBounds } from '../../../../shared/rules/platform/inputs';
import { Stepper } from '../../components/inputs/Stepper';
import { useQuery } from '../../core/data/use-query';

/** The billing types offered (the spec lists none; these are the usual PSA ones). Open: a draft's other value is kept. */
export const BILLING_TYPES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'BILLABLE', label: 'Billable' },
  { value: 'NON_BILLABLE', label: 'Non-billable' },
  { value: 'NO_CHARGE', label: 'No charge' },
];

/** A new time entry: 15 minutes from now, on site, billable, no agreement. */
function newTimeEntry(now: Date = new Date()): ReplyTimeEntryDraft {
  return { timeTracked: 15, remote: false, startDate: now.toISOString(), agreementId: null, billingType: 'BILLABLE', agreementOriginType: null };
}

const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm';

interface TimeEntryFieldsProps {
  value: ReplyTimeEntryDraft | null;
  onChange(value: ReplyTimeEntryDraft | null): void;
  /** The ticket's organization: its agreements are offered. */
  organizationId: number | null;
  disabled?: boolean;
}

export function TimeEntryFields({ value, onChange, organizationId, disabled }: TimeEntryFieldsProps) {
  const agreements = useQuery('tickets.agreements', value && organizationId ? { organizationId } : null);
  if (!value) {
    return (
      <div className="reply-time-entry reply-time-entry--off">
        <Button icon="time" variant="minimal" text="Add time entry" disabled={disabled} onClick={() => onChange(newTimeEntry())} />
      </div>
    );
  }
  const set = (change: Partial<ReplyTimeEntryDraft>) => onChange({ ...value, ...change });
  const list = agreements.data ?? [];
  const chosenMissing = value.agreementId !== null && !list.some((a) => a.id === value.agreementId);
  const billing = BILLING_TYPES.some((b) => b.value === value.billingType) || value.billingType === null ? BILLING_TYPES : [...BILLING_TYPES, { value: value.billingType, label: value.billingType }];
  return (
    <fieldset className="reply-time-entry" aria-label="Time entry" disabled={disabled}>
      <legend className="reply-time-entry-legend">
        Time entry
        <Button icon="cross" size="small" variant="minimal" aria-label="Remove time entry" title="Remove time entry" disabled={disabled} onClick={() => onChange(null)} />
      </legend>
      <div className="reply-time-entry-fields">
        <Stepper id="reply-time-tracked" label="Minutes worked" value={value.timeTracked} min={1} max={TIME_TRACKED_MAX_MINUTES} disabled={disabled} onChange={(minutes) => set({ timeTracked: minutes })} />
        <FormGroup label="Start" labelFor="reply-time-start">
          <DateInput
            inputProps={{ id: 'reply-time-start' }}
            locale={enUS}
            dateFnsFormat={DATE_TIME_FORMAT}
            placeholder={DATE_TIME_FORMAT.toUpperCase()}
            timePrecision="minute"
            // The shared calendar's reach (§9: 50 years each side), not Blueprint's six months ahead.
            {...datePickerBounds({ allowPast: true })}
            // The technician's own time zone: a zone picker would only invite slips.
            showTimezoneSelect={false}
            value={value.startDate}
            disabled={disabled}
            closeOnSelection={false}
            showActionsBar
            // Blueprint answers a local time without a zone: stored as an instant.
            onChange={(date) => set({ startDate: date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : null })}
          />
        </FormGroup>
        <FormGroup label="Agreement" labelFor="reply-time-agreement">
          <HTMLSelect
            id="reply-time-agreement"
            value={value.agreementId === null ? '' : String(value.agreementId)}
            disabled={disabled || agreements.loading}
            onChange={(event) => {
              const id = event.currentTarget.value === '' ? null : Number(event.currentTarget.value);
              const agreement = list.find((a) => a.id === id) ?? null;
              set({ agreementId: agreement?.id ?? null, agreementOriginType: agreement?.originType ?? null });
            }}
          >
            <option value="">{agreements.loading ? 'Loading agreements…' : 'No agreement'}</option>
            {chosenMissing && <option value={String(value.agreementId)}>Agreement {value.agreementId}</option>}
            {list.map((agreement) => (
              <option key={agreement.id} value={String(agreement.id)}>
                {agreement.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Billing" labelFor="reply-time-billing">
          <HTMLSelect id="reply-time-billing" value={value.billingType ?? ''} disabled={disabled} onChange={(event) => set({ billingType: event.currentTarget.value || null })}>
            {billing.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Switch className="reply-time-remote" label="Remote" checked={value.remote} disabled={disabled} onChange={(event) => set({ remote: event.currentTarget.checked })} />
      </div>
      {agreements.error && (
        <Callout intent={Intent.WARNING} compact>
          The agreements could not be loaded: {agreements.error.message}
        </Callout>
      )}
    </fieldset>
  );
}
