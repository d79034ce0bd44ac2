/** A dialog's label/value pairs (Device, Plan Name, Path...); empty rows are left out. */
import './Details.css';
import { Fragment, type ReactNode } from 'react';

type DetailRow = readonly [label: string, value: ReactNode] | null | false | undefined | '';

export function Details({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="details-list">
      {rows
        .filter((row): row is readonly [string, ReactNode] => !!row)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
