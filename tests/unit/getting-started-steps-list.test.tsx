/** The wizard's step list: every step named, its state in words, the current one marked, Go and Skip step where they belong. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StepList } from '../../src/renderer/src/features/getting-started/StepList';

const list = (step: 'stepOne' | 'stepThree' | 'stepSix', skipped: Array<'stepTwo'> = []) =>
  renderToStaticMarkup(<StepList state={{ step, skipped, finished: false }} lastDevice={12} busy={false} onGo={() => undefined} onSkip={() => undefined} />);

describe('getting-started step list', () => {
  it('names the list and every step, says each state in words and marks the current one', () => {
    const html = list('stepThree', ['stepTwo']);
    expect(html).toContain('aria-label="Getting started steps"');
    for (const title of ['1. Connect your instance', '2. Find a device', '3. Browse a backup and download a file', '4. Create an automation', '5. Connect a PSA', '6. You&#x27;re ready']) expect(html).toContain(title);
    expect(html.match(/data-status="(\w+)"/g)).toEqual(['data-status="done"', 'data-status="skipped"', 'data-status="current"', 'data-status="upcoming"', 'data-status="upcoming"', 'data-status="upcoming"']);
    expect(html).toMatch(/aria-current="step" data-step="stepThree"/);
    expect(html).toContain('>Current step<');
    expect(html).toContain('>Skipped<');
  });

  it('offers Go where a task is done (not on done steps) and Skip step on the current one only', () => {
    const html = list('stepThree');
    expect(html).not.toContain('aria-label="Go: Find a device"');
    expect(html).toContain('aria-label="Go: Browse a backup and download a file"');
    expect(html).toContain('aria-label="Go: Create an automation"');
    expect(html).toContain('aria-label="Go: Connect a PSA"');
    expect(html.match(/aria-label="Skip step: [^"]+"/g)).toEqual(['aria-label="Skip step: Browse a backup and download a file"']);
  });

  it('never offers Skip step on stepOne (done by signing in) nor on the last step (Finish)', () => {
    expect(list('stepOne')).not.toContain('Skip step');
    expect(list('stepSix')).not.toContain('Skip step');
  });
});
