/**
 * The ticketing configuration (help spec §3, §4, §6): ticketing
 * on or off, the from-email domain, the timer, attachments, business hours and
 * the email notification matrix (events × recipients × technician / end user
 * or contact). Save sends only what changed, merged into the instance's
 * configuration (TICKETING_SET_CONFIGURATIONS); Discard goes back to what was
 * loaded.
 */
import './ticketing.css';
import { Button, Callout, Checkbox, Classes, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import {
  configurationPatch,
  configurationProblems,
  EVENT_LABELS,
  mergeConfiguration,
  NOTIFICATION_EVENTS,
  RECIPIENT_LABELS,
  RECIPIENTS,
  TIMER_MODES,
  WEEK_DAYS,
  type BusinessDay,
  type ConfigurationPatch,
  type RecipientFlags,
  type TicketingConfiguration,
} from '../../../../shared/rules/ticketing/configuration';
import { useQuery } from '../../core/data/use-query';
import { getAt, setAt } from '../../components/form/form-state';
import { presentError, toastSuccess } from '../../core/toaster';
import { saveConfiguration } from './client';

const TIMER_LABELS: Record<(typeof TIMER_MODES)[number], string> = { AUTOMATIC: 'Automatic', MANUAL: 'Manual' };
const dayLabel = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

/** The matrix's rows: each event, onTicketCreated split by its two sources; each row's key is its path under emailNotificationSettings. */
const MATRIX_ROWS: ReadonlyArray<keyof typeof EVENT_LABELS> = NOTIFICATION_EVENTS.flatMap((event): Array<keyof typeof EVENT_LABELS> =>
  event === 'onTicketCreated' ? ['onTicketCreated.onEditor', 'onTicketCreated.onEmail'] : [event],
);
const flagsPath = (row: keyof typeof EVENT_LABELS, recipient: (typeof RECIPIENTS)[number]) => `emailNotificationSettings.${row}.${recipient}`;

export function ConfigurationTab() {
  const loaded = useQuery('ticketing.configuration', {}, (error) => presentError(error, { key: 'ticketing-configuration' }));
  const [base, setBase] = useState<TicketingConfiguration | null>(null);
  const [draft, setDraft] = useState<TicketingConfiguration | null>(null);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState(false);
  // What the server answered last is what a change is measured against.
  if (loaded.data && base === null) {
    setBase(loaded.data);
    setDraft(loaded.data);
  }
  if (!base || !draft) {
    return loaded.error ? <NonIdealState icon="error" title="The ticketing configuration could not be loaded" description={loaded.error.message} /> : <NonIdealState icon={<Spinner />} title="Loading..." />;
  }

  const change = (patch: ConfigurationPatch) => setDraft((current) => mergeConfiguration(current!, patch));
  const problems = configurationProblems(draft);
  const patch = configurationPatch(base, draft) as ConfigurationPatch | undefined;
  const visible = shown ? problems : {};
  const save = async () => {
    setShown(true);
    if (!patch || Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const saved = await saveConfiguration(patch);
      setBase(saved);
      setDraft(saved);
      setShown(false);
      toastSuccess('Ticketing configuration saved', 'ticketing-configuration');
    } catch (error) {
      presentError(error, { key: 'ticketing-configuration' });
    } finally {
      setSaving(false);
    }
  };
  const setDays = (days: BusinessDay[]) => change({ businessHours: { days } });

  return (
    <form
      className="ticketing-configuration"
      aria-label="Ticketing configuration"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={saving} className="vertical-tabs-fieldset">
        <Switch label="Enable ticketing" checked={draft.enabled} onChange={(e) => change({ enabled: e.currentTarget.checked })} />

        <h2 className={`${Classes.HEADING} section-title`}>Email</h2>
        <FormGroup label="From-email domain" labelFor="ticketing-from-domain" intent={visible.fromEmailDomain ? Intent.DANGER : Intent.NONE} helperText={visible.fromEmailDomain}>
          <InputGroup id="ticketing-from-domain" placeholder="example.com" value={draft.fromEmailDomain ?? ''} intent={visible.fromEmailDomain ? Intent.DANGER : Intent.NONE} onValueChange={(value) => change({ fromEmailDomain: value.trim() === '' ? null : value })} />
        </FormGroup>
        <Switch label="Send from this domain" checked={draft.useFromEmailDomain} onChange={(e) => change({ useFromEmailDomain: e.currentTarget.checked })} />

        <h2 className={`${Classes.HEADING} section-title`}>Time tracking and attachments</h2>
        <div className="ticketing-row">
          <Switch label="Timer" checked={draft.timerSettings.enabled} onChange={(e) => change({ timerSettings: { enabled: e.currentTarget.checked } })} />
          <FormGroup label="Timer mode" labelFor="ticketing-timer-mode" inline intent={visible.timerMode ? Intent.DANGER : Intent.NONE} helperText={visible.timerMode}>
            <HTMLSelect
              id="ticketing-timer-mode"
              disabled={!draft.timerSettings.enabled}
              value={draft.timerSettings.mode ?? ''}
              onChange={(e) => change({ timerSettings: { mode: e.currentTarget.value === '' ? null : (e.currentTarget.value as (typeof TIMER_MODES)[number]) } })}
              options={[{ label: 'Select...', value: '' }, ...TIMER_MODES.map((mode) => ({ label: TIMER_LABELS[mode], value: mode }))]}
            />
          </FormGroup>
        </div>
        <Switch label="Technicians can attach files" checked={draft.attachmentSettings.canAttachFiles} onChange={(e) => change({ attachmentSettings: { canAttachFiles: e.currentTarget.checked } })} />
        <Switch label="Require sign-in to view attachments" checked={draft.attachmentSettings.requireAuthToView} onChange={(e) => change({ attachmentSettings: { requireAuthToView: e.currentTarget.checked } })} />

        <h2 className={`${Classes.HEADING} section-title`}>Business hours</h2>
        <Switch label="24/7" checked={draft.businessHours.twentyFourSeven} onChange={(e) => change({ businessHours: { twentyFourSeven: e.currentTarget.checked } })} />
        {!draft.businessHours.twentyFourSeven && (
          <div className="ticketing-days" role="group" aria-label="Business days">
            {WEEK_DAYS.map((day) => {
              const chosen = draft.businessHours.days.find((d) => d.day === day);
              const update = (next: Partial<BusinessDay>) => setDays(draft.businessHours.days.map((d) => (d.day === day ? { ...d, ...next } : d)));
              return (
                <div key={day} className="ticketing-day">
                  <Checkbox
                    className="no-margin"
                    label={dayLabel(day)}
                    checked={chosen !== undefined}
                    onChange={(e) => setDays(e.currentTarget.checked ? [...draft.businessHours.days, { day, start: '09:00', end: '17:00' }].sort((a, b) => WEEK_DAYS.indexOf(a.day) - WEEK_DAYS.indexOf(b.day)) : draft.businessHours.days.filter((d) => d.day !== day))}
                  />
                  {chosen && (
                    <>
                      <input className={Classes.INPUT} type="time" aria-label={`${dayLabel(day)} start`} value={chosen.start} onChange={(e) => update({ start: e.currentTarget.value })} />
                      <input className={Classes.INPUT} type="time" aria-label={`${dayLabel(day)} end`} value={chosen.end} onChange={(e) => update({ end: e.currentTarget.value })} />
                      {visible[`day.${day}`] && <span className="input-problems">{visible[`day.${day}`]}</span>}
                    </>
                  )}
                </div>
              );
            })}
            {visible.days && (
              <Callout intent={Intent.DANGER} compact>
                {visible.days}
              </Callout>
            )}
          </div>
        )}

        <h2 className={`${Classes.HEADING} section-title`}>Email notifications</h2>
        <HTMLTable compact className="notification-matrix" aria-label="Email notifications">
          <thead>
            <tr>
              <th rowSpan={2}>Event</th>
              {RECIPIENTS.map((recipient) => (
                <th key={recipient} colSpan={2} scope="colgroup">
                  {RECIPIENT_LABELS[recipient]}
                </th>
              ))}
            </tr>
            <tr>
              {RECIPIENTS.flatMap((recipient) => [
                <th key={`${recipient}-t`} scope="col">
                  Technician
                </th>,
                <th key={`${recipient}-e`} scope="col">
                  End user or contact
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {MATRIX_ROWS.map((row) => (
              <tr key={row}>
                <th scope="row">{EVENT_LABELS[row]}</th>
                {RECIPIENTS.flatMap((recipient) => {
                  const path = flagsPath(row, recipient);
                  const flags = getAt(draft, path) as RecipientFlags;
                  const flip = (flag: keyof RecipientFlags, checked: boolean) => setDraft((current) => setAt(current!, `${path}.${flag}`, checked));
                  const name = `${EVENT_LABELS[row]}: ${RECIPIENT_LABELS[recipient]}`;
                  return [
                    <td key={`${recipient}-t`}>
                      <Checkbox className="no-margin" aria-label={`${name}, technician`} checked={flags.technician} onChange={(e) => flip('technician', e.currentTarget.checked)} />
                    </td>,
                    <td key={`${recipient}-e`}>
                      {/* §3: absent for the assignee and private comments. */}
                      {flags.endUserOrContact === undefined ? (
                        <span className={Classes.TEXT_MUTED} aria-label={`${name}: not for end users or contacts`}>
                          —
                        </span>
                      ) : (
                        <Checkbox className="no-margin" aria-label={`${name}, end user or contact`} checked={flags.endUserOrContact} onChange={(e) => flip('endUserOrContact', e.currentTarget.checked)} />
                      )}
                    </td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </fieldset>
      <div className="ticketing-configuration-actions">
        <Button type="submit" intent={Intent.PRIMARY} text="Save" loading={saving} disabled={!patch} />
        <Button text="Discard changes" disabled={!patch || saving} onClick={() => setDraft(base)} />
        {patch && <span className={Classes.TEXT_MUTED}>Unsaved changes</span>}
      </div>
    </form>
  );
}
