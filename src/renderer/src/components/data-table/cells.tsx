/**
 * The data table's cell types (help spec §9 "Cell types") that the screens
 * use: Anchor, ButtonLink, Icon, Text, Switch, Tags, Date, Currency, Number
 * and Progress. A column's `render` returns one of these, so every table
 * shows a date, an amount or a state the same way. Values the server sent
 * that these cannot read show raw (or '—' when absent).
 */
import './DataTable.css';
import { Classes, Icon, ProgressBar, Switch, Tag, type IconName, type Intent } from '@blueprintjs/core';
import { formatDate } from '../format';

const NONE = '—';

export function TextCell({ text }: { text: string | null | undefined }) {
  const shown = text ?? NONE;
  return (
    <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={shown}>
      {shown}
    </span>
  );
}

/** A link to a route of the console (a hash) or an allowed page. */
export function AnchorCell({ href, text, label }: { href: string; text: string; label?: string }) {
  return (
    <a href={href} aria-label={label} onClick={(event) => event.stopPropagation()}>
      {text}
    </a>
  );
}

/** A button that looks like a link (as the backup browser's names): opens something of the row. */
export function ButtonLinkCell({ text, onClick, label }: { text: string; onClick(): void; label?: string }) {
  return (
    <a
      role="button"
      tabIndex={0}
      className={`button-link-cell ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}
      aria-label={label}
      onClick={onClick}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onClick();
      }}
    >
      {text}
    </a>
  );
}

export function IconCell({ icon, title, intent }: { icon: IconName; title: string; intent?: Intent }) {
  // The name is on a wrapper: Blueprint loads the icon's paths later, and its own title comes with them.
  return (
    <span role="img" aria-label={title} title={title} className="icon-cell">
      <Icon icon={icon} intent={intent} aria-hidden />
    </span>
  );
}

export function SwitchCell({ checked, onChange, label, disabled }: { checked: boolean; onChange(checked: boolean): void; label: string; disabled?: boolean }) {
  return <Switch className="no-margin" checked={checked} disabled={disabled} aria-label={label} onChange={(event) => onChange(event.currentTarget.checked)} />;
}

export function TagsCell({ tags, intent }: { tags: readonly string[]; intent?: Intent }) {
  if (tags.length === 0) return <span className={Classes.TEXT_MUTED}>{NONE}</span>;
  return (
    <span className="row-tags">
      {tags.map((tag) => (
        <Tag key={tag} minimal intent={intent}>
          {tag}
        </Tag>
      ))}
    </span>
  );
}

/** An ISO date or epoch milliseconds, in the technician's locale; an unreadable value shows raw. */
export function DateCell({ value }: { value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return <span className={Classes.TEXT_MUTED}>{NONE}</span>;
  const iso = typeof value === 'number' ? new Date(value).toISOString() : value;
  return <span title={iso}>{formatDate(iso)}</span>;
}

export function formatCurrency(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code Intl does not know: the amount and the code as sent.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function CurrencyCell({ amount, currency }: { amount: number | null | undefined; currency?: string }) {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return <span className={Classes.TEXT_MUTED}>{NONE}</span>;
  return <span className="number-cell">{formatCurrency(amount, currency)}</span>;
}

export function NumberCell({ value, digits }: { value: number | null | undefined; digits?: number }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className={Classes.TEXT_MUTED}>{NONE}</span>;
  return <span className="number-cell">{value.toLocaleString(undefined, digits === undefined ? {} : { maximumFractionDigits: digits })}</span>;
}

/** `value` from 0 to 1; the bar and the percentage. */
export function ProgressCell({ value, intent, label }: { value: number | null | undefined; intent?: Intent; label?: string }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className={Classes.TEXT_MUTED}>{NONE}</span>;
  const clamped = Math.min(1, Math.max(0, value));
  return (
    <span className="progress-cell">
      <ProgressBar value={clamped} intent={intent} stripes={false} animate={false} aria-label={label} />
      <span>{Math.round(clamped * 100)}%</span>
    </span>
  );
}
