/**
 * The header's pickers of records: organization,
 * location (of the ticket's organization), requester and assignee
 * (technicians only, §6: tickets.technicians) on the editors' shared entity
 * select; the agreement (§6: only when the PSA setting applies) from the
 * organization's agreements; CC addresses and tags (the instance's tags,
 * created as they are added: ticketing.tags, ticketing.createTag).
 */
import { FormGroup, HTMLSelect, TagInput as BlueprintTagInput } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import type { EntityLookup, TicketRef } from '../../../../shared/model/ticketing';
import type { TicketDetail } from '../../../../shared/model/tickets';
import { byPageNumber, type PageFetch } from '../../core/data/paged-loader';
import { useQuery } from '../../core/data/use-query';
import { presentError } from '../../core/toaster';
import { EntityMultiSelect } from '../../components/inputs/EntityMultiSelect';
import { TagInput } from '../../components/inputs/TagInput';
import { entityLabel } from '../ticketing';
import { createTag, readLocations, readOrganizations, readTechnicians, readUsers } from './client';
import { isCcEmail, type ChosenName } from './ticket-page-rules';

const entityId = (e: EntityLookup) => String(e.id);
const asLookup = (ref: TicketRef | null): EntityLookup[] => (ref ? [{ id: ref.id, name: ref.name, deleted: false }] : []);

interface PickerProps {
  id: string;
  label: string;
  value: TicketRef | null;
  disabled: boolean;
  /** Null clears (where the field may be empty). */
  onPick(chosen: ChosenName | null): void;
}

type Pages = (search: string) => { first: number; fetch: PageFetch<EntityLookup, number> };
const searched = (search: string) => (search ? { search } : {});

/** Organization (never cleared: a ticket has one) or requester, looked up 50 a page on the instance (§7.1). */
export function RecordPicker({ kind, ...props }: PickerProps & { kind: 'organizations' | 'users' }) {
  const pages = useCallback<Pages>(
    (search) => ({
      first: 0,
      fetch: byPageNumber<EntityLookup>((page) => (kind === 'organizations' ? readOrganizations({ page, ...searched(search) }) : readUsers({ page, ...searched(search) }))),
    }),
    [kind],
  );
  return <SingleEntity {...props} noun={kind} pages={pages} clearable={kind !== 'organizations'} />;
}

/** A location of the ticket's organization only (the instance refuses another's). */
export function LocationPicker({ organizationId, ...props }: PickerProps & { organizationId: number | null }) {
  const pages = useCallback<Pages>(
    (search) => ({ first: 0, fetch: byPageNumber<EntityLookup>((page) => readLocations({ page, ...searched(search), ...(organizationId ? { organizationId } : {}) })) }),
    [organizationId],
  );
  // One list per organization: another organization's locations are never offered from a stale list.
  return <SingleEntity key={organizationId ?? 'none'} {...props} noun="locations" pages={pages} disabled={props.disabled || organizationId === null} />;
}

/** §6: assignee pickers list technicians only. */
export function AssigneePicker(props: PickerProps) {
  const pages = useCallback<Pages>((search) => ({ first: 0, fetch: byPageNumber<EntityLookup>((page) => readTechnicians({ page, ...searched(search) })) }), []);
  return <SingleEntity {...props} noun="technicians" pages={pages} />;
}

/** One record, shown as a single select (the shared entity select's 'select' appearance). */
function SingleEntity({ id, label, value, disabled, onPick, noun, pages, clearable }: PickerProps & { noun: string; pages: Pages; clearable?: boolean }) {
  return (
    <EntityMultiSelect<EntityLookup, number>
      id={id}
      label={label}
      noun={noun}
      appearance="select"
      clearable={clearable}
      selected={asLookup(value)}
      itemId={entityId}
      itemLabel={entityLabel}
      pages={pages}
      disabled={disabled}
      onChange={(items) => onPick(items[0] ? { id: items[0].id, name: items[0].name } : null)}
    />
  );
}

/** §6: the agreement, from the organization's agreements (an agreement the list lacks shows raw). */
export function AgreementSelect({ ticket, disabled, onPick }: { ticket: TicketDetail; disabled: boolean; onPick(chosen: ChosenName | null): void }) {
  const organizationId = ticket.organization?.id ?? null;
  // Read-only (offline, cached): the ticket's own agreement is all there is to show.
  const agreements = useQuery('tickets.agreements', organizationId && !disabled ? { organizationId } : null, (error) => presentError(error, { key: 'ticket-agreements' }));
  const list = agreements.data ?? [];
  const known = ticket.agreementId === null || list.some((a) => a.id === ticket.agreementId);
  return (
    <FormGroup label="Agreement" labelFor="ticket-agreement">
      <HTMLSelect
        id="ticket-agreement"
        fill
        disabled={disabled || organizationId === null}
        value={ticket.agreementId === null ? '' : String(ticket.agreementId)}
        onChange={(event) => {
          const id = Number(event.currentTarget.value);
          onPick(id > 0 ? { id, name: list.find((a) => a.id === id)?.name ?? `#${id}` } : null);
        }}
        options={[
          { label: agreements.loading ? 'Loading...' : list.length === 0 ? 'No agreements' : 'None', value: '' },
          ...list.map((a) => ({ label: a.name, value: String(a.id) })),
          ...(known ? [] : [{ label: ticket.agreement ?? `#${ticket.agreementId}`, value: String(ticket.agreementId) }]),
        ]}
      />
    </FormGroup>
  );
}

/** CC addresses: each checked as an email as it is added (the refused text stays in the box to be corrected). */
export function CcInput({ cc, disabled, onChange }: { cc: readonly string[]; disabled: boolean; onChange(cc: string[]): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormGroup label="CC" labelFor="ticket-cc" intent={problem ? 'danger' : 'none'} helperText={problem ?? undefined}>
      <BlueprintTagInput
        inputProps={{ id: 'ticket-cc', 'aria-invalid': problem !== null }}
        values={[...cc]}
        placeholder={disabled ? '' : 'Add an email and press Enter'}
        disabled={disabled}
        separator={/[,;\s]+/}
        addOnPaste
        // An address typed and left (Tab, a click elsewhere) is added too, not silently left unsaved in the box.
        addOnBlur
        intent={problem ? 'danger' : 'none'}
        tagProps={{ minimal: true }}
        fill
        onAdd={(values) => {
          const added = values.map((v) => v.trim()).filter(Boolean);
          const wrong = added.filter((v) => !isCcEmail(v));
          setProblem(wrong.length > 0 ? `Not an email address: ${wrong.join(', ')}` : null);
          if (wrong.length > 0) return false;
          const next = [...cc, ...added.filter((v) => !cc.some((c) => c.toLowerCase() === v.toLowerCase()))];
          if (next.length !== cc.length) onChange(next);
          return true;
        }}
        onRemove={(_, index) => {
          setProblem(null);
          onChange(cc.filter((__, i) => i !== index));
        }}
      />
    </FormGroup>
  );
}

/** Tags: the shared tag input; a tag the instance does not have yet is created before the ticket names it. */
export function TicketTags({ tags, disabled, onChange }: { tags: readonly string[]; disabled: boolean; onChange(tags: string[]): void }) {
  const known = useQuery('ticketing.tags', disabled ? null : {}, (error) => presentError(error, { key: 'ticketing-tags' }));
  const change = async (next: string[]) => {
    const have = new Set((known.data ?? []).map((t) => t.toLowerCase()));
    const missing = known.data ? next.filter((t) => !tags.includes(t) && !have.has(t.toLowerCase())) : [];
    try {
      for (const name of missing) await createTag({ name });
    } catch (error) {
      presentError(error, { key: 'ticketing-create-tag' });
      return;
    }
    // createTag refreshes the instance's tags (known reads them through the cache).
    onChange(next);
  };
  return <TagInput id="ticket-tags" label="Tags" tags={tags} disabled={disabled} placeholder={disabled ? '' : undefined} onChange={(next) => void change(next)} />;
}
