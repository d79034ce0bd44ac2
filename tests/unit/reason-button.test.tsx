/** A button disabled for a reason says why (the approvals' bulk actions, the inline row actions): aria-disabled, in the tab order, described by its reason. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReasonButton } from '../../src/renderer/src/components/ReasonButton';
import { RowActionButton } from '../../src/renderer/src/components/data-table/RowActionButton';

const REASON = "You don't have permission to approve devices.";

describe('ReasonButton', () => {
  it('without a reason is a plain button', () => {
    const html = renderToStaticMarkup(<ReasonButton reason={null} text="Approve" />);
    expect(html).toContain('Approve');
    expect(html).not.toContain('aria-disabled');
  });

  it('with a reason is aria-disabled (not natively, so it keeps the focus), described by the reason', () => {
    const html = renderToStaticMarkup(<ReasonButton reason={REASON} text="Approve" onClick={() => undefined} />);
    expect(html).toMatch(/<button[^>]*aria-disabled="true"/);
    expect(html).not.toMatch(/<button[^>]*\sdisabled=""/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<span id="${describedBy}" hidden="">You don&#x27;t have permission to approve devices.</span>`);
    expect(html).toContain('bp6-disabled');
  });

  it('the row action keeps its name and says its reason the same way', () => {
    const html = renderToStaticMarkup(<RowActionButton action={{ id: 'delete', label: 'Delete', icon: 'trash', run: () => undefined, disabled: () => true, disabledReason: () => 'System boards cannot be deleted' }} row={{}} rowDisabled={false} />);
    expect(html).toMatch(/<button[^>]*aria-label="Delete"/);
    expect(html).toContain('System boards cannot be deleted</span>');
  });
});
