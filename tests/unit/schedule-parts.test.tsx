/**
 * The schedule editor's shared parts, used by the schedule editor and the
 * bandwidth windows: days of the week as toggle buttons (pressed state named
 * to assistive technology, the group named by its label) and a time of day as
 * hour and minute selects.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DaysOfWeekButtons } from '../../src/renderer/src/components/inputs/DaysOfWeekButtons';
import { TimeOfDaySelect } from '../../src/renderer/src/components/inputs/TimeOfDaySelect';

describe('DaysOfWeekButtons', () => {
  it('shows Sun to Sat, pressed for the chosen days, in a group named by its label', () => {
    const html = renderToStaticMarkup(<DaysOfWeekButtons id="w" label="Days" selected={['MON', 'FRI']} onToggle={vi.fn()} />);
    expect(html).toContain('id="w-label"');
    expect(html).toContain('role="group" aria-labelledby="w-label"');
    const pressed = [...html.matchAll(/aria-pressed="(true|false)"[^>]*>(?:<[^>]+>)*([A-Z][a-z]{2})</g)].map(([, state, day]) => `${day}:${state}`);
    expect(pressed).toEqual(['Sun:false', 'Mon:true', 'Tue:false', 'Wed:false', 'Thu:false', 'Fri:true', 'Sat:false']);
  });

  it('says what is wrong under the buttons', () => {
    expect(renderToStaticMarkup(<DaysOfWeekButtons id="w" label="Days" selected={[]} onToggle={vi.fn()} error="Choose at least one day." />)).toContain('Choose at least one day.');
  });
});

describe('TimeOfDaySelect', () => {
  it('names its hour and minute selects and shows the time chosen', () => {
    const html = renderToStaticMarkup(<TimeOfDaySelect id="start" label="From" name="Window 1 from" hour={8} minute={5} onHour={vi.fn()} onMinute={vi.fn()} />);
    expect(html).toContain('id="start-hour"');
    expect(html).toContain('aria-label="Window 1 from hour"');
    expect(html).toContain('aria-label="Window 1 from minute"');
    expect(html).toMatch(/<option value="8" label="08" selected="">08<\/option>/);
    expect(html).toMatch(/<option value="5" label="05" selected="">05<\/option>/);
    expect((html.match(/<option/g) ?? []).length).toBe(24 + 60);
  });
});
