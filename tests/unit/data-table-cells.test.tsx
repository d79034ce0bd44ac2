/** The data table's §9 cell types render what they are given, and '—' or the raw value for what they cannot read. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnchorCell, ButtonLinkCell, CurrencyCell, DateCell, formatCurrency, IconCell, NumberCell, ProgressCell, SwitchCell, TagsCell, TextCell } from '../../src/renderer/src/components/data-table/cells';
import { GridCell } from '../../src/renderer/src/components/data-table/GridCell';
import { gridIds, ownedCells } from '../../src/renderer/src/components/data-table/grid-ids';

const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('data table cells', () => {
  it('text, anchor, button link, icon, switch, tags', () => {
    expect(html(<TextCell text="Server 1" />)).toContain('title="Server 1"');
    expect(html(<TextCell text={null} />)).toContain('—');
    expect(html(<AnchorCell href="#/devices/1" text="Open" />)).toContain('href="#/devices/1"');
    expect(html(<ButtonLinkCell text="Edit" onClick={() => undefined} />)).toMatch(/<a role="button" tabindex="0"[^>]*>Edit<\/a>/);
    expect(html(<IconCell icon="tick" title="Healthy" />)).toContain('Healthy');
    expect(html(<SwitchCell checked label="Enabled" onChange={() => undefined} />)).toMatch(/aria-label="Enabled"[^>]*checked|checked[^>]*aria-label="Enabled"/);
    const tags = html(<TagsCell tags={['vip', 'billing']} />);
    expect(tags).toContain('vip');
    expect(tags).toContain('billing');
    expect(html(<TagsCell tags={[]} />)).toContain('—');
  });

  it('date, currency, number and progress; unreadable values show raw or —', () => {
    expect(html(<DateCell value="2026-11-27T10:00:00Z" />)).toContain('title="2026-11-27T10:00:00Z"');
    expect(html(<DateCell value={null} />)).toContain('—');
    expect(formatCurrency(1234.5, 'USD')).toMatch(/1,234\.50/);
    // A currency Intl does not know keeps its code.
    expect(formatCurrency(3, 'ZZZZ')).toBe('3.00 ZZZZ');
    expect(html(<CurrencyCell amount={Number.NaN} />)).toContain('—');
    expect(html(<NumberCell value={1234567} />)).toContain('1,234,567');
    expect(html(<NumberCell value={undefined} />)).toContain('—');
    const progress = html(<ProgressCell value={1.7} />);
    expect(progress).toContain('100%');
    expect(html(<ProgressCell value={0.426} />)).toContain('43%');
  });
});

describe('grid cells and their ids', () => {
  it('a body cell is a gridcell with its column index and the id its row owns; a row not loaded yet shows a busy skeleton', () => {
    const ids = gridIds('grid1');
    const cell = html(
      <GridCell id={ids.cell(3, 1)} colIndex={2} row={3} className="data-table-cell" interactive>
        Report.docx
      </GridCell>,
    );
    expect(cell).toMatch(/^<div role="gridcell" id="grid1-r3-c1" aria-colindex="2" data-grid-row="3" class="bp6-table-cell bp6-table-truncated-cell bp6-table-cell-interactive data-table-cell">/);
    expect(cell).toContain('Report.docx');
    const loading = html(<GridCell id={ids.cell(4, 0)} colIndex={1} row={4} loading />);
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('bp6-skeleton');
  });

  it('a row owns one cell per column; the header row and rows have their own ids', () => {
    const ids = gridIds('g');
    expect(ownedCells(ids, 2, 3)).toBe('g-r2-c0 g-r2-c1 g-r2-c2');
    expect(ids.row(2)).toBe('g-r2');
    expect(ids.header(0)).toBe('g-h0');
    expect(ids.headerRow).toBe('g-hr');
  });
});
