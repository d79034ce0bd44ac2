/**
 * The ticket page's header: the ticket's number and
 * subject, what it is (created, last updated, time tracked, device, source),
 * and its fields edited in place: status, priority, severity, type,
 * organization, location, requester, assignee (§6 technicians only), CC,
 * form, tags, and the agreement when the PSA setting applies (§6, as the
 * board's Agreement column). Each pick is handed to the page at once (it
 * shows it, saves it, and puts it back when the save fails). Offline or read
 * from the cache the fields are read-only and say why.
 */
import { Callout, Classes, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { TicketFieldUpdate } from '../../../../shared/contract/tickets';
import type { TicketChoice, TicketingLists } from '../../../../shared/model/ticketing';
import type { TicketDetail } from '../../../../shared/model/tickets';
import { TYPE_CHOICES } from '../../../../shared/rules/ticketing/conditions';
import { AgreementSelect, AssigneePicker, CcInput, LocationPicker, RecordPicker, TicketTags } from './TicketHeaderPickers';
import { formatMinutes, type ChosenName } from './ticket-page-rules';

interface TicketHeaderProps {
  ticket: TicketDetail;
  lists: TicketingLists | null;
  /** Why the fields cannot be edited now (offline, cached), or null. */
  readOnly: string | null;
  /** §6: the agreement field shows only when the PSA setting applies. */
  showAgreement: boolean;
  onChange(update: TicketFieldUpdate, chosen?: ChosenName | null): void;
}

const formatTime = (epoch: number | null) => (epoch && Number.isFinite(epoch) ? new Date(epoch).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '-');

/** A select of the instance's choices; `none` offers clearing. A value the list lacks shows raw (DESIGN: unknown values shown raw). */
function ChoiceField(props: { id: string; label: string; value: string | null; choices: readonly TicketChoice[]; none?: string; disabled: boolean; onChange(value: string | null): void; unknownLabel?: string }) {
  const { id, label, value, choices, none, disabled, onChange } = props;
  const known = value === null || choices.some((c) => c.value === value);
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        fill
        disabled={disabled}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
        options={[
          ...(none !== undefined || value === null ? [{ label: none ?? 'Select...', value: '', disabled: none === undefined }] : []),
          ...choices.map((c) => ({ label: c.name, value: c.value })),
          ...(known ? [] : [{ label: props.unknownLabel ?? value, value: value }]),
        ]}
      />
    </FormGroup>
  );
}

export function TicketHeader({ ticket, lists, readOnly, showAgreement, onChange }: TicketHeaderProps) {
  const locked = readOnly !== null;
  const statuses = (lists?.statuses ?? []).map((s) => ({ value: s.value, name: s.name }));
  const forms = (lists?.forms ?? []).filter((f) => f.active || f.id === ticket.ticketForm?.id).map((f) => ({ value: String(f.id), name: f.active ? f.name : `${f.name} (inactive)` }));
  const refPick = (field: 'organization' | 'location' | 'requester' | 'assignee' | 'agreement') => (chosen: ChosenName | null) => {
    // The organization cannot be cleared; the others can.
    if (field === 'organization') {
      if (chosen && chosen.id !== ticket.organization?.id) onChange({ field, value: chosen.id }, chosen);
      return;
    }
    onChange({ field, value: chosen?.id ?? null }, chosen);
  };

  return (
    <header className="ticket-header" aria-label="Ticket">
      <div className="ticket-title-row">
        <h1 className={`${Classes.HEADING} ticket-title`}>
          <span className={Classes.TEXT_MUTED}>#{ticket.id}</span> {ticket.summary}
        </h1>
      </div>
      <dl className={`ticket-facts ${Classes.TEXT_SMALL}`}>
        <div>
          <dt>Created</dt>
          <dd>{formatTime(ticket.createTime)}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>
            {formatTime(ticket.lastUpdated)}
            {ticket.lastUpdatedBy ? ` by ${ticket.lastUpdatedBy}` : ''}
          </dd>
        </div>
        <div>
          <dt>Time tracked</dt>
          <dd>{formatMinutes(ticket.totalTimeTracked)}</dd>
        </div>
        {ticket.device && (
          <div>
            <dt>Device</dt>
            <dd>{ticket.device.name}</dd>
          </div>
        )}
        {ticket.source && (
          <div>
            <dt>Source</dt>
            <dd>{ticket.source}</dd>
          </div>
        )}
      </dl>
      {readOnly && (
        <Callout intent={Intent.WARNING} icon="lock" compact className="ticket-read-only" role="status">
          {readOnly}
        </Callout>
      )}
      <div className="ticket-fields" role="group" aria-label="Ticket fields">
        <ChoiceField id="ticket-status" label="Status" value={ticket.status} choices={statuses} disabled={locked} onChange={(value) => value && onChange({ field: 'status', value })} />
        <ChoiceField id="ticket-priority" label="Priority" value={ticket.priority} choices={lists?.priorities ?? []} none="None" disabled={locked} onChange={(value) => onChange({ field: 'priority', value })} />
        <ChoiceField id="ticket-severity" label="Severity" value={ticket.severity} choices={lists?.severities ?? []} none="None" disabled={locked} onChange={(value) => onChange({ field: 'severity', value })} />
        <ChoiceField id="ticket-type" label="Type" value={ticket.type} choices={TYPE_CHOICES} none="None" disabled={locked} onChange={(value) => onChange({ field: 'type', value })} />
        <ChoiceField
          id="ticket-form"
          label="Form"
          value={ticket.ticketForm ? String(ticket.ticketForm.id) : null}
          choices={forms}
          unknownLabel={ticket.ticketForm?.name}
          disabled={locked}
          onChange={(value) => {
            const id = Number(value);
            if (id > 0) onChange({ field: 'ticketForm', value: id }, { id, name: forms.find((f) => f.value === value)?.name ?? `#${id}` });
          }}
        />
        <RecordPicker id="ticket-organization" label="Organization" kind="organizations" value={ticket.organization} disabled={locked} onPick={refPick('organization')} />
        <LocationPicker id="ticket-location" label="Location" organizationId={ticket.organization?.id ?? null} value={ticket.location} disabled={locked} onPick={refPick('location')} />
        <RecordPicker id="ticket-requester" label="Requester" kind="users" value={ticket.requester} disabled={locked} onPick={refPick('requester')} />
        <AssigneePicker id="ticket-assignee" label="Assignee" value={ticket.assignedAppUser} disabled={locked} onPick={refPick('assignee')} />
        {showAgreement && <AgreementSelect ticket={ticket} disabled={locked} onPick={refPick('agreement')} />}
        <div className="ticket-field-wide">
          <CcInput cc={ticket.cc} disabled={locked} onChange={(cc) => onChange({ field: 'cc', value: cc })} />
        </div>
        <div className="ticket-field-wide">
          <TicketTags tags={ticket.tags} disabled={locked} onChange={(tags) => onChange({ field: 'tags', value: tags })} />
        </div>
      </div>
    </header>
  );
}
