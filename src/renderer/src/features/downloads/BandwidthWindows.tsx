/**
 * Bandwidth windows in the downloads panel: the speed limit in force now
 * (which window, until when), kept current by the main process's
 * `downloads.bandwidth` event, and the editor of the windows (days, start,
 * end, limit; first matching window wins; outside them the general limit).
 * The editor works on a copy and saves the whole list through the settings
 * contract, checked by the same rules as the main process.
 */
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Intent, NumericInput } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { toggleDay } from '../../../../shared/rules/platform/schedule';
import {
  BANDWIDTH_LIMIT_MAX_KBPS,
  BANDWIDTH_WINDOWS_MAX,
  validateWindows,
  windowLabel,
  type BandwidthNow,
  type BandwidthWindow,
} from '../../../../shared/rules/downloads';
import { api } from '../../core/api';
import { settingsAtom } from '../../core/session';
import { presentError } from '../../core/toaster';
import { DaysOfWeekButtons } from '../../components/inputs/DaysOfWeekButtons';
import { TimeOfDaySelect } from '../../components/inputs/TimeOfDaySelect';
import { readBandwidth, saveDownloadSettings } from './client';

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The limit in force, read once and then kept current by the main process's events. */
function useBandwidthNow(): BandwidthNow | null {
  const [now, setNow] = useState<BandwidthNow | null>(null);
  useEffect(() => {
    let live = true;
    const off = api.on('downloads.bandwidth', (next) => setNow(next));
    readBandwidth().then(
      (first) => {
        if (live) setNow((current) => current ?? first);
      },
      (error: unknown) => presentError(error),
    );
    return () => {
      live = false;
      off();
    };
  }, []);
  return now;
}

/** "Speed limit now: 20 MB/s (Weekdays 08:00–18:00) until Mon 18:00". */
export function SpeedLimitNow() {
  const now = useBandwidthNow();
  if (!now) return null;
  const [source, rate] = splitLabel(now.label);
  const until = now.until ? ` until ${TIME_FORMAT.format(new Date(now.until))}` : '';
  return (
    <div className={`${Classes.TEXT_SMALL} download-speed-now`} data-testid="download-speed-now" aria-live="polite">
      Speed limit now: {rate} ({source}){until}
    </div>
  );
}

/** The label "Weekdays 08:00–18:00: 20 MB/s" as its source and its rate. */
function splitLabel(label: string): [string, string] {
  const at = label.lastIndexOf(': ');
  return at < 0 ? [label, ''] : [label.slice(0, at), label.slice(at + 2)];
}

let nextId = 0;
const newWindow = (): BandwidthWindow => ({
  id: `window-${Date.now().toString(36)}-${(nextId++).toString(36)}`,
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  start: { hour: 8, minute: 0 },
  end: { hour: 18, minute: 0 },
  limitKBps: 10 * 1024,
});

function WindowEditor(props: { index: number; value: BandwidthWindow; problems: string[] | undefined; onChange(next: BandwidthWindow): void; onRemove(): void }) {
  const { index, value, problems, onChange } = props;
  const id = `bandwidth-window-${index}`;
  const [limitText, setLimitText] = useState<string | null>(null);
  return (
    <li className="bandwidth-window" aria-label={`Window ${index + 1}: ${windowLabel(value)}`}>
      <DaysOfWeekButtons id={`${id}-days`} label="Days" selected={value.days} onToggle={(day) => onChange({ ...value, days: toggleDay(value.days, day) })} />
      <div className="bandwidth-window-row">
        <TimeOfDaySelect
          id={`${id}-start`}
          label="From"
          name={`Window ${index + 1} from`}
          hour={value.start.hour}
          minute={value.start.minute}
          onHour={(hour) => onChange({ ...value, start: { ...value.start, hour } })}
          onMinute={(minute) => onChange({ ...value, start: { ...value.start, minute } })}
        />
        <TimeOfDaySelect
          id={`${id}-end`}
          label="To"
          name={`Window ${index + 1} to`}
          hour={value.end.hour}
          minute={value.end.minute}
          onHour={(hour) => onChange({ ...value, end: { ...value.end, hour } })}
          onMinute={(minute) => onChange({ ...value, end: { ...value.end, minute } })}
        />
        <FormGroup label={<span id={`${id}-limit-label`}>Limit (KB/s, 0 = unlimited)</span>}>
          <NumericInput
            aria-labelledby={`${id}-limit-label`}
            min={0}
            max={BANDWIDTH_LIMIT_MAX_KBPS}
            stepSize={256}
            majorStepSize={1024}
            value={limitText ?? String(value.limitKBps)}
            onValueChange={(number, typed) => {
              setLimitText(typed);
              if (Number.isFinite(number)) onChange({ ...value, limitKBps: number });
            }}
            onBlur={() => setLimitText(null)}
            style={{ width: 110 }}
          />
        </FormGroup>
        <Button icon="trash" text="Remove window" aria-label={`Remove window ${index + 1}`} variant="minimal" intent={Intent.DANGER} onClick={props.onRemove} />
      </div>
      {value.end.hour * 60 + value.end.minute < value.start.hour * 60 + value.start.minute && (
        <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>Runs past midnight into the next day.</div>
      )}
      {problems && (
        <ul className="bandwidth-window-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem} className={Classes.INTENT_DANGER}>
              {problem}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The editor of the bandwidth windows, in a dialog; Save sends the whole list. */
export function BandwidthWindowsDialog({ onClose }: { onClose(): void }) {
  const [settings, setSettings] = useAtom(settingsAtom);
  const [windows, setWindows] = useState<BandwidthWindow[]>(() => structuredClone(settings?.bandwidthWindows ?? []));
  const [saving, setSaving] = useState(false);
  const { list, byIndex } = validateWindows(windows);
  const valid = list.length === 0 && Object.keys(byIndex).length === 0;

  const save = async () => {
    setSaving(true);
    try {
      setSettings(await saveDownloadSettings({ bandwidthWindows: windows }));
      onClose();
    } catch (error) {
      presentError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen title="Bandwidth windows" icon="time" onClose={onClose} className="bandwidth-windows-dialog">
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>
          A speed limit for all downloads during some hours of some days. When windows overlap, the first in the list applies; outside every window the bandwidth limit of
          the downloads panel applies. A window whose end is before its start runs past midnight.
        </p>
        {windows.length === 0 ? (
          <Callout icon="info-sign">No bandwidth windows: the bandwidth limit applies at all times.</Callout>
        ) : (
          <ol className="bandwidth-window-list" aria-label="Bandwidth windows">
            {windows.map((window, index) => (
              <WindowEditor
                key={window.id}
                index={index}
                value={window}
                problems={byIndex[index]}
                onChange={(next) => setWindows((all) => all.map((w, i) => (i === index ? next : w)))}
                onRemove={() => setWindows((all) => all.filter((_, i) => i !== index))}
              />
            ))}
          </ol>
        )}
        {list.map((problem) => (
          <Callout key={problem} intent={Intent.DANGER} role="alert">
            {problem}
          </Callout>
        ))}
        <Button icon="add" text="Add window" disabled={windows.length >= BANDWIDTH_WINDOWS_MAX} onClick={() => setWindows((all) => [...all, newWindow()])} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button text="Save windows" intent={Intent.PRIMARY} loading={saving} disabled={!valid} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
