/**
 * New ticket: summary, organization, a location of that
 * organization, requester, assignee (technicians only, §6), status,
 * priority, severity, type (from the instance's lists), the ticket form, and
 * the description in the rich-text editor. The form is kept as a draft as it
 * is typed (use-new-ticket-draft.ts) and offered again on the home until it
 * is sent. Create is disabled offline with the reason said; the
 * draft still saves.
 */
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Button, Callout, Classes, HTMLSelect, InputGroup, Intent, Tooltip } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { editorSchema, parseHtml, RichTextEditor } from '../../../../editor';
import type { TicketDetail } from '../../../../shared/model/tickets';
import type { EntityLookup, TicketingLists } from '../../../../shared/model/ticketing';
import { TYPE_CHOICES } from '../../../../shared/rules/ticketing/conditions';
import { newTicketDraftKey } from '../../../../shared/rules/tickets/reply';
import { ApiError, errorMessage } from '../../core/api';
import { byPageNumber } from '../../core/data/paged-loader';
import { presentError } from '../../core/toaster';
import { Field } from '../../components/form/Field';
import { useZodForm } from '../../components/form/use-zod-form';
import { EntityMultiSelect } from '../../components/inputs/EntityMultiSelect';
import { entityLabel } from '../ticketing';
import { createTicket, readLocations, readOrganizations, readTechnicians, readUsers } from './client';
import { createInput, descriptionDraft, fieldsStorageKey, newTicketSchema, readStoredFields, SUMMARY_MAX, withOrganization, type NewTicketValues } from './new-ticket-form';
import { useNewTicketDraft } from './use-new-ticket-draft';
import { WORKSPACE_ROUTE, WORKSPACE_MESSAGES } from './workspace-routes';
import { navigate } from '../../core/router';

/** The text of the description's html (§5.5's text body): what the instance indexes and mails. */
function textOf(html: string): string {
  if (!html) return '';
  const doc = parseHtml(html, editorSchema);
  return doc.textBetween(0, doc.content.size, '\n', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '');
}

const entityId = (e: EntityLookup) => String(e.id);

function usePages(load: (page: number, search: string) => Promise<{ results: EntityLookup[]; totalPages: number }>) {
  return useCallback((search: string) => ({ first: 0, fetch: byPageNumber<EntityLookup>((page) => load(page, search)) }), [load]);
}

interface NewTicketPageProps {
  /** The form's draft is `new:<draftUuid>` (read back when it exists). */
  draftUuid: string;
  lists: TicketingLists | undefined;
  offline: boolean;
  onCreated(ticket: TicketDetail): void;
}

export function NewTicketPage({ draftUuid, lists, offline, onCreated }: NewTicketPageProps) {
  const key = newTicketDraftKey(draftUuid);
  const form = useZodForm(newTicketSchema, readStoredFields(localStorage.getItem(fieldsStorageKey(key))), 'new-ticket');
  const [edited, setEdited] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const values = form.values as NewTicketValues;
  // The html: as typed, else as read back from the draft (undefined while reading: the editor waits).
  const [restoredHtml, setRestoredHtml] = useState<string | undefined>(undefined);
  const html = edited ?? restoredHtml ?? '';
  const draft = useMemo(() => descriptionDraft(html, textOf(html)), [html]);
  const stored = useNewTicketDraft(key, values, draft);
  if (stored.restored !== undefined && restoredHtml === undefined) setRestoredHtml(stored.restored?.htmlBody ?? '');

  // §9.1: organization and location lookups 50 a page, searched on the server.
  const organizationPages = usePages(useCallback((page: number, search: string) => readOrganizations({ page, ...(search ? { search } : {}) }), []));
  const organizationId = values.organization?.id ?? null;
  const locationPages = usePages(
    useCallback(
      (page: number, search: string) => readLocations({ page, ...(search ? { search } : {}), ...(organizationId ? { organizationId } : {}) }),
      [organizationId],
    ),
  );
  const userPages = usePages(useCallback((page: number, search: string) => readUsers({ page, ...(search ? { search } : {}) }), []));
  // §6: the assignee is picked among technicians only.
  const technicianPages = usePages(useCallback((page: number, search: string) => readTechnicians({ page, ...(search ? { search } : {}) }), []));

  const create = () =>
    form.submit(async (checked) => {
      setProblem(null);
      stored.hold(true);
      try {
        const ticket = await createTicket(createInput(checked, key, draft));
        stored.markSent();
        onCreated(ticket);
      } catch (error) {
        presentError(error, { key: 'new-ticket-create' });
        if (error instanceof ApiError && error.code === 'BAD_RESPONSE') {
          // Created, but its answer could not be read: the draft is gone in the main process; leaving
          // the form (rather than offering Create again) is what keeps the ticket from being made twice.
          stored.markSent();
          navigate(WORKSPACE_ROUTE);
          return;
        }
        stored.hold(false);
        setProblem(errorMessage(error));
      }
    });
  const discard = () => {
    stored.discard().then(
      () => navigate(WORKSPACE_ROUTE),
      (error: unknown) => presentError(error, { key: 'new-ticket-draft' }),
    );
  };

  const choice = (path: 'status' | 'priority' | 'severity' | 'type', label: string, none: string, options: ReadonlyArray<{ value: string; name: string }>) => (
    <Field label={label} binding={form.field(path)}>
      {(binding) => (
        <HTMLSelect
          id={binding.id}
          value={String(binding.value ?? '')}
          onChange={(event) => binding.onChange(event.currentTarget.value)}
          options={[{ value: '', label: none }, ...options.map((o) => ({ value: o.value, label: o.name }))]}
          fill
        />
      )}
    </Field>
  );
  const forms = (lists?.forms ?? []).filter((f) => f.active || f.id === values.ticketFormId);
  const createButton = <Button type="submit" intent={Intent.PRIMARY} text="Create" loading={form.saving} disabled={offline} aria-describedby={offline ? 'new-ticket-offline' : undefined} />;

  return (
    <section className="workspace-new-ticket" aria-labelledby="new-ticket-title">
      <div className="workspace-pane-head">
        <h1 id="new-ticket-title" className={`${Classes.HEADING} page-title`}>
          New ticket
        </h1>
        {stored.savedAt !== null && (
          <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="new-ticket-saved">
            Draft saved on this computer
          </span>
        )}
      </div>
      {offline && (
        <Callout intent={Intent.WARNING} icon="offline" className="gap" id="new-ticket-offline" data-testid="new-ticket-offline">
          {WORKSPACE_MESSAGES.createOffline}
        </Callout>
      )}
      <form
        className="workspace-new-ticket-form"
        aria-label="New ticket"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Field label="Summary" binding={form.field('summary')} required>
          {(binding) => <InputGroup id={binding.id} value={String(binding.value ?? '')} maxLength={SUMMARY_MAX} intent={binding.intent} onValueChange={binding.onChange} onBlur={binding.onBlur} />}
        </Field>
        <div className="workspace-new-ticket-grid">
          <EntityMultiSelect<EntityLookup, number>
            id="new-ticket-organization"
            label="Organization"
            noun="organizations"
            required
            appearance="select"
            selected={values.organization ? [values.organization] : []}
            itemId={entityId}
            itemLabel={entityLabel}
            pages={organizationPages}
            error={form.errors.organization ?? null}
            onChange={(items) => {
              const next = withOrganization(values, items[0] ?? null);
              form.set('organization', next.organization);
              form.set('location', next.location);
              form.touch('organization');
            }}
          />
          <EntityMultiSelect<EntityLookup, number>
            // One list per organization: its locations only.
            key={organizationId ?? 'none'}
            id="new-ticket-location"
            label="Location"
            noun="locations"
            appearance="select"
            disabled={organizationId === null}
            selected={values.location ? [values.location] : []}
            itemId={entityId}
            itemLabel={entityLabel}
            pages={locationPages}
            onChange={(items) => form.set('location', items[0] ?? null)}
          />
          <EntityMultiSelect<EntityLookup, number>
            id="new-ticket-requester"
            label="Requester"
            noun="users"
            appearance="select"
            selected={values.requester ? [values.requester] : []}
            itemId={entityId}
            itemLabel={entityLabel}
            pages={userPages}
            onChange={(items) => form.set('requester', items[0] ?? null)}
          />
          <EntityMultiSelect<EntityLookup, number>
            id="new-ticket-assignee"
            label="Assignee"
            noun="technicians"
            appearance="select"
            selected={values.assignee ? [values.assignee] : []}
            itemId={entityId}
            itemLabel={entityLabel}
            pages={technicianPages}
            onChange={(items) => form.set('assignee', items[0] ?? null)}
          />
          {choice('status', 'Status', 'Default status', lists?.statuses ?? [])}
          {choice('priority', 'Priority', 'None', lists?.priorities ?? [])}
          {choice('severity', 'Severity', 'None', lists?.severities ?? [])}
          {choice('type', 'Type', 'None', TYPE_CHOICES)}
          <Field label="Ticket form" binding={form.field('ticketFormId')} required>
            {(binding) => (
              <HTMLSelect
                id={binding.id}
                value={binding.value === null || binding.value === undefined ? '' : String(binding.value)}
                onChange={(event) => {
                  binding.onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value));
                  binding.onBlur();
                }}
                options={[{ value: '', label: lists?.formsFailed ? 'The forms could not be loaded' : 'Select a form', disabled: true }, ...forms.map((f) => ({ value: String(f.id), label: f.name }))]}
                fill
              />
            )}
          </Field>
        </div>
        <div className="workspace-new-ticket-description">
          <span id="new-ticket-description-label" className="workspace-label">
            Description
          </span>
          {stored.restored !== undefined && (
            <RichTextEditor value={html} onChange={(next) => setEdited(next)} placeholder="Describe the problem" ariaLabelledBy="new-ticket-description-label" data-testid="new-ticket-description" />
          )}
        </div>
        {problem && (
          <Callout intent={Intent.DANGER} role="alert" className="gap" data-testid="new-ticket-problem">
            The ticket could not be created: {problem}
          </Callout>
        )}
        <div className="workspace-new-ticket-actions">
          {offline ? (
            <Tooltip content={WORKSPACE_MESSAGES.newTicketOffline} placement="top">
              {createButton}
            </Tooltip>
          ) : (
            createButton
          )}
          <Button text="Close" onClick={() => navigate(WORKSPACE_ROUTE)} title="Close the form; the draft stays and is offered on the home" />
          <Button text="Discard draft" variant="minimal" intent={Intent.DANGER} onClick={discard} />
        </div>
      </form>
    </section>
  );
}
